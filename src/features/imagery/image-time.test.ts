import { describe, expect, it } from 'vitest';
import { parseImageTimestamp } from '../../api/imagery';
import { imageTimeAlternate, imageTimeLabel } from './image-time';

describe('image time labels', () => {
  it('shows a site-local time as given, labelled with the zone abbreviation', () => {
    const t = parseImageTimestamp('2025-01-15T09:30:00', 'RKPI')!;
    expect(t.kind).toBe('site-local');
    // Santiago is on summer time (UTC-3) in January.
    expect(imageTimeLabel(t)).toBe('2025-01-15 09:30:00 GMT-3');
    expect(imageTimeAlternate(t)).toBe('2025-01-15 12:30:00 UTC');
  });

  it('shows a UTC time labelled UTC', () => {
    const t = parseImageTimestamp('2025-01-15T12:30:00Z', 'RKPI')!;
    expect(imageTimeLabel(t)).toBe('2025-01-15 12:30:00 UTC');
    expect(imageTimeAlternate(t)).toBeNull();
  });

  it('marks a fall-back hour as ambiguous and reads it as the earlier instant', () => {
    const t = parseImageTimestamp('2025-10-26T01:30:00', 'CV01')!;
    expect(imageTimeLabel(t)).toBe('2025-10-26 01:30:00 GMT+1 (ambiguous: clocks went back, read as the first pass)');
    expect(imageTimeAlternate(t)).toBe('2025-10-26 00:30:00 UTC');
  });

  it('refuses a wall time the zone skipped, and never calls a guessed UTC local', () => {
    expect(parseImageTimestamp('2025-03-30T01:30:00', 'CV01')).toBeNull();
    const t = parseImageTimestamp('2025-03-30T01:30:00', 'XYZ9')!;
    expect(imageTimeLabel(t)).toBe('2025-03-30 01:30:00 site time (zone unknown)');
    expect(imageTimeAlternate(t)).toBeNull();
  });
});

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
});

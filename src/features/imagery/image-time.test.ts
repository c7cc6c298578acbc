import { describe, expect, it } from 'vitest';
import { parseImageTimestamp } from '../../api/imagery/imagery';
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

  it('keeps a wall time the zone skips by this browser’s rules, saying its UTC is uncertain', () => {
    // 01:30 on 30 March does not exist in the Canaries; the service's zone data may differ.
    const skipped = parseImageTimestamp('2025-03-30T01:30:00', 'CV01')!;
    expect(skipped).toMatchObject({ kind: 'site-local', nonexistent: true, utcMs: Date.UTC(2025, 2, 30, 1, 30) });
    expect(imageTimeLabel(skipped)).toBe(
      '2025-03-30 01:30:00 site time (a time Atlantic/Canary skips by this browser’s zone rules: UTC uncertain)',
    );
    expect(imageTimeAlternate(skipped)).toBeNull();
    expect(parseImageTimestamp('2025-03-30Tnope', 'CV01')).toBeNull();
  });

  it('never calls a guessed UTC local', () => {
    const t = parseImageTimestamp('2025-03-30T01:30:00', 'XYZ9')!;
    expect(imageTimeLabel(t)).toBe('2025-03-30 01:30:00 site time (zone unknown)');
    expect(imageTimeAlternate(t)).toBeNull();
  });
});

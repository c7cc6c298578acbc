import { describe, expect, it } from 'vitest';
import { parseImageTimestamp } from '../../api/imagery/imagery';
import { imageInstant } from '../../api/imagery/instant-order';
import { imageTimeAlternate, imageTimeLabel, zoneCaption } from './image-time';

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

  it('offers both readings of a fall-back hour’s time while nothing decides it, the likelier first', () => {
    const t = parseImageTimestamp('2025-10-26T01:30:00', 'CV01')!;
    expect(imageTimeLabel(t)).toBe(
      '2025-10-26 01:30:00 GMT+1 or GMT+0 (ambiguous: clocks went back; nothing in the answer tells which pass)',
    );
    expect(imageTimeAlternate(t)).toBe('2025-10-26 00:30:00 UTC or 2025-10-26 01:30:00 UTC');
    expect(imageInstant(t)).toBe(Date.UTC(2025, 9, 26, 0, 30));
    const likely = { ...t, likelyLater: true as const };
    expect(imageTimeLabel(likely)).toBe(
      '2025-10-26 01:30:00 GMT+0 or GMT+1 (ambiguous: clocks went back; likely the second pass, made minutes after it)',
    );
    expect(imageTimeAlternate(likely)).toBe('2025-10-26 01:30:00 UTC or 2025-10-26 00:30:00 UTC');
    expect(imageInstant(likely)).toBe(Date.UTC(2025, 9, 26, 1, 30));
  });

  it('says which pass the evidence chose and what told', () => {
    const t = parseImageTimestamp('2025-10-26T01:04:49', 'CV01')!;
    const second = { ...t, utcMs: Date.UTC(2025, 9, 26, 1, 4, 49), resolvedBy: 'id' as const };
    expect(imageTimeLabel(second)).toBe('2025-10-26 01:04:49 GMT+0 (clocks went back: the second pass, by its id)');
    expect(imageTimeAlternate(second)).toBe('2025-10-26 01:04:49 UTC');
    const first = { ...t, resolvedBy: 'created_at' as const };
    expect(imageTimeLabel(first)).toBe(
      '2025-10-26 01:04:49 GMT+1 (clocks went back: the first pass, by its creation time)',
    );
    expect(imageTimeAlternate(first)).toBe('2025-10-26 00:04:49 UTC');
  });

  it('names both offsets of a page that crosses the change', () => {
    const times = ['2025-10-26T00:50:00', '2025-10-26T02:10:00'].map((s) => parseImageTimestamp(s, 'CV01')!);
    expect(zoneCaption(times)).toBe(
      'Times are the camera site’s local time (GMT+1 until 2025-10-26 02:00, then GMT+0, Atlantic/Canary), as the service returns them for one site at freq=all.',
    );
    expect(zoneCaption([parseImageTimestamp('2025-10-26T12:00:00Z', 'CV01')!])).toBe('Times are UTC.');
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

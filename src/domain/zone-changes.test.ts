import { describe, expect, it } from 'vitest';
import { offsetsCaption, zoneChanges } from './zone-changes';

const utc = (s: string) => Date.parse(`${s}Z`);
const H = 3_600_000;

describe('a zone’s offsets over a span', () => {
  it('finds each change to the second', () => {
    // Santiago: 2026-04-05 00:00 −03 back to 2026-04-04 23:00 −04 (03:00 UTC); forward on 2026-09-06 at 04:00 UTC.
    expect(zoneChanges('America/Santiago', utc('2026-03-01T00:00:00'), utc('2026-12-01T00:00:00'))).toEqual([
      { at: utc('2026-04-05T03:00:00'), before: -3 * H, after: -4 * H },
      { at: utc('2026-09-06T04:00:00'), before: -4 * H, after: -3 * H },
    ]);
    expect(zoneChanges('America/Costa_Rica', utc('2026-01-01T00:00:00'), utc('2026-12-31T00:00:00'))).toEqual([]);
  });

  it('names both offsets of a range that crosses a change, one otherwise', () => {
    expect(offsetsCaption('America/Santiago', utc('2026-04-01T03:00:00'), utc('2026-04-11T04:00:00'))).toBe(
      'GMT-3 until 2026-04-05 00:00, then GMT-4',
    );
    expect(offsetsCaption('America/Santiago', utc('2026-04-06T04:00:00'), utc('2026-04-11T04:00:00'))).toBe('GMT-4');
    expect(offsetsCaption('UTC', utc('2026-04-01T00:00:00'), utc('2026-04-11T00:00:00'))).toBe('UTC');
  });
});

import { describe, expect, it } from 'vitest';
import { monthChunks, parseImageId } from './data-plan';

const d = (s: string) => Date.parse(`${s}T00:00:00Z`);

describe('data plan', () => {
  it('cuts a range at month boundaries, days inclusive', () => {
    expect(monthChunks(d('2025-01-30') + 5000, d('2025-03-02') + 7000)).toEqual([
      { from: d('2025-01-30'), to: d('2025-01-31') },
      { from: d('2025-02-01'), to: d('2025-02-28') },
      { from: d('2025-03-01'), to: d('2025-03-02') },
    ]);
    expect(monthChunks(d('2025-03-05'), d('2025-03-05'))).toEqual([{ from: d('2025-03-05'), to: d('2025-03-05') }]);
  });

  it('reads site and capture time from an image id', () => {
    expect(parseImageId('345040.VPMI.2025.062_041200-0042')).toEqual({
      vnum: 345040,
      site: 'VPMI',
      utcMs: Date.parse('2025-03-03T04:12:00Z'),
    });
    expect(parseImageId('345040.VPMI.2025.062_251200-0042')).toBeNull();
    expect(parseImageId('nope')).toBeNull();
  });
});

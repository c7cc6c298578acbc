import { describe, expect, it } from 'vitest';
import { block, noise } from './blocks.fixtures';
import { BUCKET, bucketsOf } from './draw-prep/row-buckets';
import { m4Rows } from './m4';

describe('m4Rows', () => {
  it('keeps every row when there are few per column', () => {
    const b = block(0, 100, (i) => i);
    expect(Array.from(m4Rows(b.x, b.y, 0, 99 * 60, 50))).toEqual(Array.from({ length: 100 }, (_, i) => i));
  });

  it('keeps the lowest and highest value of every pixel column, so no peak is lost', () => {
    const b = block(0, 100_000, noise(1));
    b.y[54_321] = 99_999; // a spike
    const cols = 400;
    const min = b.x[0]!;
    const max = b.x[b.x.length - 1]!;
    const rows = m4Rows(b.x, b.y, min, max, cols);
    expect(rows.length).toBeLessThanOrEqual(4 * cols + 2);
    expect(Array.from(rows)).toContain(54_321);
    // Per column, the drawn extremes equal the full-resolution extremes.
    const scale = cols / (max - min);
    const full = new Map<number, [number, number]>();
    const drawn = new Map<number, [number, number]>();
    const add = (m: Map<number, [number, number]>, i: number) => {
      const c = Math.min(cols - 1, Math.floor((b.x[i]! - min) * scale));
      const [lo, hi] = m.get(c) ?? [Infinity, -Infinity];
      m.set(c, [Math.min(lo, b.y[i]!), Math.max(hi, b.y[i]!)]);
    };
    for (let i = 0; i < b.x.length; i++) add(full, i);
    for (const i of rows) add(drawn, i);
    expect(drawn).toEqual(full);
  });

  it('keeps a break at least a column wide with the rows either side, and leaves out narrower ones', () => {
    // 50,000 minutes with a one-minute hole (marker at 20,000) and a ten-day outage (marker at 40,000).
    const b = block(0, 50_001, noise(2), (i) => i === 20_000 || i === 40_000);
    for (let i = 40_001; i < b.x.length; i++) b.x[i]! += 10 * 86_400;
    const end = b.x[b.x.length - 1]!;
    const rows = Array.from(m4Rows(b.x, b.y, 0, end, 100));
    expect(rows).toEqual(expect.arrayContaining([39_999, 40_000, 40_001]));
    expect(rows).not.toContain(20_000);
    // Ascending, no repeats: rows are drawn in time order.
    expect(rows.every((r, k) => k === 0 || r > rows[k - 1]!)).toBe(true);
    // Zoomed to an hour around it, the one-minute hole is wider than a column and is drawn.
    const hour = Array.from(m4Rows(b.x, b.y, b.x[20_000]! - 1800, b.x[20_000]! + 1800, 100));
    expect(hour).toEqual(expect.arrayContaining([19_999, 20_000, 20_001]));
  });
});

describe('m4Rows with bucket summaries', () => {
  /** A random walk with ties (rounded), one-row holes and longer outages, from a seeded generator. */
  function walk(seed: number, n: number) {
    let s = seed;
    const rand = () => (s = (s * 1_103_515_245 + 12_345) % 2_147_483_648) / 2_147_483_648;
    const b = block(0, n, () => 0);
    let v = 100;
    for (let i = 0; i < n; i++) {
      v += Math.round((rand() - 0.5) * 4);
      b.y[i] = rand() < 0.002 ? Number.NaN : v;
      if (rand() < 0.0005) {
        // An outage: a run of markers, then the clock jumps.
        const len = 1 + Math.floor(rand() * 40);
        for (let k = i; k < Math.min(n, i + len); k++) b.y[k] = Number.NaN;
        const jump = 3600 * Math.floor(rand() * 48);
        for (let k = i + len; k < n; k++) b.x[k]! += jump;
        i += len - 1;
      }
    }
    return b;
  }

  it('draws exactly the rows of the row-by-row pass, for any range and width', () => {
    for (const seed of [1, 2, 3, 4, 5, 6]) {
      const b = walk(seed, 40_000 + seed * 977);
      expect(b.x.every((t, i) => i === 0 || t > b.x[i - 1]!)).toBe(true);
      const buckets = bucketsOf(b.y);
      const end = b.x[b.x.length - 1]!;
      const ranges: Array<[number, number]> = [
        [0, end],
        [b.x[123]!, b.x[31_234]!],
        [b.x[5_000]! + 17, b.x[5_900]! - 3],
        [-86_400, end / 3],
        [end / 2, end + 86_400],
      ];
      for (const [min, max] of ranges) {
        for (const columns of [7, 100, 333, 1440, 20_000]) {
          const plain = Array.from(m4Rows(b.x, b.y, min, max, columns));
          const fast = Array.from(m4Rows(b.x, b.y, min, max, columns, buckets));
          const at = fast.findIndex((r, k) => r !== plain[k]);
          expect(
            at === -1 && fast.length === plain.length,
            `${seed} [${min}, ${max}] ${columns}: ${at} ${fast.slice(at - 3, at + 3)} vs ${plain.slice(at - 3, at + 3)}`,
          ).toBe(true);
        }
      }
    }
  });

  it('keeps the last row of the data apart from its column, as the row-by-row pass does', () => {
    // The range runs past the data's end, whose last row closes a bucket and is its column's lowest.
    const b = block(0, 40 * BUCKET, noise(4));
    const last = b.x.length - 1;
    b.y[last] = -1e6;
    const rows = (buckets?: ReturnType<typeof bucketsOf>) =>
      Array.from(m4Rows(b.x, b.y, b.x[10]!, b.x[last]! + 3600, 2, buckets));
    expect(rows()).toContain(last);
    expect(rows(bucketsOf(b.y))).toEqual(rows());
  });

  it('reads whole buckets from their summary when a column holds many', () => {
    // Every row in one column. The summary of bucket 3 names its second-lowest row: taken from the
    // summary, that row is drawn and the lowest is not, which row-by-row reading would not do.
    const b = block(0, 10 * BUCKET, noise(3));
    b.y[3 * BUCKET + 9] = -1000;
    b.y[3 * BUCKET + 5] = -500;
    const real = bucketsOf(b.y);
    const fake = { lo: real.lo.map((l, k) => (k === 3 ? 3 * BUCKET + 5 : l)), hi: real.hi };
    const end = b.x[b.x.length - 1]!;
    expect(Array.from(m4Rows(b.x, b.y, 0, end, 1, real))).toContain(3 * BUCKET + 9);
    const read = Array.from(m4Rows(b.x, b.y, 0, end, 1, fake));
    expect(read).toContain(3 * BUCKET + 5);
    expect(read).not.toContain(3 * BUCKET + 9);
  });
});

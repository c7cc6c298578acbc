import { describe, expect, it, vi } from 'vitest';
import { blockData, cutBlocks, cutBlocksWithin, valueInBlocks, type Block, type BlockSeries } from './blocks';
import { chartExtent, chartPoints, nearestX } from './chart-data';
import { BUCKET, bucketsOf } from './draw-prep/row-buckets';

// Counted, so a test can tell a summary made here from one that came with the block.
vi.mock('./draw-prep/row-buckets', async (original) => {
  const real = await original<typeof import('./draw-prep/row-buckets')>();
  return { ...real, bucketsOf: vi.fn(real.bucketsOf) };
});
import { block, noise } from './blocks.fixtures';

describe('cutBlocks', () => {
  it('draws a break between blocks that are apart, and none between adjacent ones', () => {
    const a = block(0, 10, (i) => i + 1);
    const b = block(600, 10, (i) => i + 11); // right after a
    const c = block(3600, 10, (i) => i + 21); // a gap of 41 minutes
    const d: BlockSeries[] = [{ blocks: [a, b, c], gapSec: 60 }];
    const [x, y = []] = cutBlocks(d, 0, 3600 + 540, 1000);
    expect(y.filter((v) => v === null)).toHaveLength(1);
    expect(x[y.indexOf(null)]).toBe(540 + 600 + 60);
    expect(y.filter((v) => v !== null)).toEqual(Array.from({ length: 30 }, (_, i) => i + 1));
  });

  it('aligns series on the rows drawn: holes are undefined (joined over), breaks stay null', () => {
    const s1 = block(
      0,
      5,
      (i) => i,
      (i) => i === 2,
    );
    const s2 = block(30, 5, (i) => 10 + i);
    const d: BlockSeries[] = [
      { blocks: [s1], gapSec: 60 },
      { blocks: [s2], gapSec: 60 },
    ];
    const [x, y1 = [], y2 = []] = cutBlocks(d, 0, 300, 1000);
    expect(Array.from(x)).toEqual([0, 30, 60, 90, 120, 150, 180, 210, 240, 270]);
    expect(y1).toEqual([0, undefined, 1, undefined, null, undefined, 3, undefined, 4, undefined]);
    expect(y2).toEqual([undefined, 10, undefined, 11, undefined, 12, undefined, 13, undefined, 14]);
  });

  it('gives rows at the same time in several series one row, and keeps every series in time order', () => {
    const d: BlockSeries[] = [
      { blocks: [block(0, 4, (i) => i)], gapSec: 60 }, // 0, 60, 120, 180
      { blocks: [block(60, 4, (i) => 10 + i)], gapSec: 60 }, // 60 … 240
      { blocks: [block(0, 3, (i) => 20 + i), block(300, 2, (i) => 30 + i)], gapSec: 60 }, // 0, 60, 120, break, 300, 360
    ];
    const [x, y1 = [], y2 = [], y3 = []] = cutBlocks(d, 0, 360, 1000);
    expect(Array.from(x)).toEqual([0, 60, 120, 180, 240, 300, 360]);
    expect(y1).toEqual([0, 1, 2, 3, undefined, undefined, undefined]);
    expect(y2).toEqual([undefined, 10, 11, 12, 13, undefined, undefined]);
    // The third series' break marker, at 180 (one window after its row at 120), shares series 1's row.
    expect(y3).toEqual([20, 21, 22, null, undefined, 30, 31]);
  });

  it('zoomed in, reads only the blocks in view and the nearest row outside on each side', () => {
    const blocks = Array.from({ length: 12 }, (_, k) => block(k * 600, 10, (i) => k * 10 + i));
    const d: BlockSeries[] = [{ blocks, gapSec: 60 }];
    const [x, y = []] = cutBlocks(d, 3000, 3300, 500);
    // The last row of the block before, every row in view (few per column), the row after in the
    // same block and the first of the next block; nothing of the nine other blocks.
    expect(Array.from(x)).toEqual([2940, 3000, 3060, 3120, 3180, 3240, 3300, 3360, 3600]);
    expect(y).toEqual([49, 50, 51, 52, 53, 54, 55, 56, 60]);
  });
});

describe('cutBlocks with bucket summaries', () => {
  const month = (k: number) => block(k * 30 * 86_400, 43_200, noise(k));
  const end = 3 * 30 * 86_400;
  const rows = (blocks: Block[], min = 0, max = end) => cutBlocks([{ blocks, gapSec: 60 }], min, max, 1200);

  it("reads a block's buckets from the parse worker, or makes them once on a cut that reads many rows", () => {
    const made = vi.mocked(bucketsOf);
    made.mockClear();
    const sent = [0, 1, 2].map((k) => {
      const b = month(k);
      return { ...b, buckets: bucketsOf(b.y) };
    });
    made.mockClear();
    const plain = [0, 1, 2].map(month);
    // Zoomed to an hour: a few rows in view are read alone, and nothing is summarised.
    rows(plain, 30 * 86_400, 30 * 86_400 + 3600);
    expect(made).not.toHaveBeenCalled();
    // A cut across the months summarises each once; later cuts and blocks that came with theirs reuse them.
    expect(rows(plain)).toEqual(rows(sent));
    rows(plain, 0, end / 2);
    expect(made).toHaveBeenCalledTimes(3);
  });

  it("draws from the block's summary: a wrong one shows in the rows", () => {
    const wrong = [0, 1, 2].map((k) => {
      const b = month(k);
      b.y[100 * BUCKET + 7] = -1e6;
      b.y[100 * BUCKET + 3] = -5e5;
      const s = bucketsOf(b.y);
      return { ...b, buckets: { lo: s.lo.map((l, j) => (j === 100 ? 100 * BUCKET + 3 : l)), hi: s.hi } };
    });
    expect(rows(wrong)[0]).toContain(wrong[0]!.x[100 * BUCKET + 3]);
    expect(rows(wrong)[0]).not.toContain(wrong[0]!.x[100 * BUCKET + 7]);
  });
});

describe('cutBlocksWithin (cutting over several tasks)', () => {
  it('past its deadline cuts one block more per call, breaks the line where one is missing, then matches the whole cut', () => {
    // Adjacent hour blocks of 60 rows in range; cut on 40 columns (M4 thins them).
    const [a, b, c, d] = [0, 1, 2, 3].map((k) => block(k * 3600, 60, noise(k)));
    const all = (blocks: Block[]): BlockSeries[] => [{ blocks, gapSec: 60 }];
    const range = [0, 4 * 3600, 40] as const;
    // Blocks a and d already cut (as after an earlier draw), one per call.
    expect(cutBlocksWithin(all([a!, d!]), ...range, -Infinity).leftPoints).toBe(60);
    expect(cutBlocksWithin(all([a!, d!]), ...range, -Infinity).leftPoints).toBe(0);
    // Now b is cut afresh, c is left for later: the line breaks across c instead of joining b to d.
    const partial = cutBlocksWithin(all([a!, b!, c!, d!]), ...range, -Infinity);
    expect(partial.leftPoints).toBe(60);
    const xs = Array.from(partial.rows[0]);
    expect(xs.some((x) => x > 2 * 3600 && x < 3 * 3600 - 60)).toBe(false);
    expect(partial.rows[1]![xs.findIndex((x) => x >= 2 * 3600)]).toBeNull();
    const done = cutBlocksWithin(all([a!, b!, c!, d!]), ...range, -Infinity);
    expect(done.leftPoints).toBe(0);
    const fresh = [a!, b!, c!, d!].map((k) => ({ x: k.x.slice(), y: k.y.slice() }));
    expect(done.rows).toEqual(cutBlocks(all(fresh), ...range));
  });

  it('with time to spare cuts everything at once', () => {
    const blocks = [0, 1, 2].map((k) => block(k * 3600, 60, noise(k)));
    const r = cutBlocksWithin([{ blocks, gapSec: 60 }], 0, 3 * 3600, 30, Infinity);
    expect(r.leftPoints).toBe(0);
    expect(r.rows).toEqual(cutBlocks([{ blocks, gapSec: 60 }], 0, 3 * 3600, 30));
  });
});

describe('reading blocks at full resolution', () => {
  const a = block(
    0,
    10,
    (i) => i,
    (i) => i === 4,
  );
  const b = block(1200, 10, (i) => 100 + i);
  const d = blockData([{ blocks: [a, b], gapSec: 60 }]);

  it('counts values, not breaks', () => {
    expect(chartPoints(d)).toBe(19);
    expect(chartExtent(d)).toEqual([0, 1740]);
  });

  it('finds the nearest full-resolution row and the value at it', () => {
    expect(nearestX(d, 1215)).toBe(1200);
    expect(nearestX(d, 1000)).toBe(1200);
    expect(valueInBlocks([a, b], 1260)).toBe(101);
    expect(valueInBlocks([a, b], 240)).toBeNull(); // a break
    expect(valueInBlocks([a, b], 1230)).toBeNull(); // between rows
    expect(d.valuesAt(1260)).toEqual([101]);
    expect(d.valuesAt(240)).toEqual([null]);
  });
});

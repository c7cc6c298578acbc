import { describe, expect, it } from 'vitest';
import { rawWindowsNote, statsOf, type Part } from './rsam-parts';

const f64 = (a: number[]) => Float64Array.from(a);
const part = (): Part => ({
  gapSec: 60,
  blocks: [
    { x: f64([0, 60, 120]), y: f64([4, NaN, 8]) },
    { x: f64([180, 240, 300]), y: f64([1, 2, 30]) },
  ],
});

describe('statsOf', () => {
  it('summarises the values shown, both ends of the range included, across blocks', async () => {
    expect(await statsOf(part(), 120, 240)).toEqual({ count: 3, min: 1, max: 8, median: 2 });
  });

  it('leaves the chart’s own columns intact (only copies go to the worker)', async () => {
    const p = part();
    await statsOf(p, 0, 300);
    expect([...p.blocks[1]!.y]).toEqual([1, 2, 30]);
  });

  it('counts nothing outside the range', async () => {
    expect((await statsOf(part(), 400, 500)).count).toBe(0);
  });
});

describe('rawWindowsNote', () => {
  const ch = (windowSec: number, loaded: boolean) => ({ windowSec, pieces: loaded ? [{} as never] : [] });
  it('names the windows the service gave, not a default', () => {
    expect(rawWindowsNote([ch(600, true)])).toBe('raw 600 s windows');
    expect(rawWindowsNote([ch(60, true), ch(600, true), ch(60, true)])).toBe('raw 60 s and 600 s windows');
    // Nothing loaded yet: no window size is known.
    expect(rawWindowsNote([ch(60, false)])).toBe('raw windows');
  });
});

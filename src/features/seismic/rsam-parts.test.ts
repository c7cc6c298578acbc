import { describe, expect, it } from 'vitest';
import { statsOf, type Part } from './rsam-parts';

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

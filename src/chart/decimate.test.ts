import { describe, expect, it } from 'vitest';
import { decimate, nearestIndex, POINTS_PER_COLUMN } from './decimate';
import type { AlignedData } from './series-data';

/** `n` minute windows from t0 with values f(i). */
function minutes(n: number, f: (i: number) => number | null, t0 = 1_700_000_000): AlignedData {
  const x = new Float64Array(n);
  const y = new Array<number | null>(n);
  for (let i = 0; i < n; i++) {
    x[i] = t0 + i * 60;
    y[i] = f(i);
  }
  return [x, y];
}

const YEAR = 525_600;

describe('decimate', () => {
  it('keeps every peak and trough of a year drawn on 1,000 columns, in at most 4 rows per column', () => {
    // Background 100 with one-minute spikes that a per-column average would flatten.
    const spikes = new Map([
      [12_345, 50_000],
      [300_000, 7_777],
      [525_000, 90_000],
    ]);
    const data = minutes(YEAR, (i) => spikes.get(i) ?? 100 + (i % 7) - (i === 200_000 ? 99 : 0));
    const x = data[0];
    const out = decimate(data, x[0]!, x[YEAR - 1]!, 1000);
    const ys = out[1] as number[];
    expect(out[0].length).toBeLessThanOrEqual(1000 * 4 + 2);
    expect(out[0].length).toBeGreaterThan(1000);
    for (const [i, v] of spikes) {
      const j = Array.prototype.indexOf.call(out[0], x[i]);
      expect(j).toBeGreaterThanOrEqual(0);
      expect(ys[j]).toBe(v);
    }
    expect(Math.min(...ys)).toBe(100 + (200_000 % 7) - 99);
    // Kept rows are real rows, in order.
    for (let j = 1; j < out[0].length; j++) expect(out[0][j]!).toBeGreaterThan(out[0][j - 1]!);
  });

  it('draws every point when there are few per column, and only the visible rows plus one either side', () => {
    const data = minutes(1000, (i) => i);
    expect(decimate(data, data[0][0]!, data[0][999]!, 500)).toBe(data);
    const zoomed = decimate(data, data[0][100]!, data[0][199]!, 500);
    expect(zoomed[0].length).toBe(102);
    expect(zoomed[1]![0]).toBe(99);
    expect(zoomed[1]![101]).toBe(200);
  });

  it('keeps gaps as gaps: a null run stays a null between the points around it', () => {
    // 10,000 points with an outage of 3,000 windows (the gap marker is one null, as insertGaps makes).
    const data = minutes(10_000, (i) => (i >= 4000 && i < 7000 ? null : 10 + (i % 3)));
    const out = decimate(data, data[0][0]!, data[0][9999]!, 100);
    const [xs, ys] = out as [Float64Array, Array<number | null>];
    expect(xs.length).toBeLessThan(500);
    const firstNull = ys.indexOf(null);
    expect(firstNull).toBeGreaterThan(0);
    expect(xs[firstNull]).toBe(data[0][4000]);
    expect(xs[firstNull - 1]).toBe(data[0][3999]);
    // The next drawn value after the gap is the first point after the outage.
    const after = ys.findIndex((v, j) => j > firstNull && v !== null);
    expect(xs[after]).toBe(data[0][7000]);
  });

  it('recomputes for a zoomed range at the same cost as for the whole year', () => {
    const data = minutes(YEAR, (i) => (i === 100_000 ? 5000 : 100 + (i % 11)));
    const x = data[0];
    const all = decimate(data, x[0]!, x[YEAR - 1]!, 800);
    // A week around the spike: raw points in view (10,080) exceed 4 × 800, so still decimated.
    const week = decimate(data, x[97_000]!, x[97_000 + 10_080]!, 800);
    expect(week[0].length).toBeLessThanOrEqual(800 * POINTS_PER_COLUMN + 2);
    expect(Math.abs(week[0].length - all[0].length)).toBeLessThan(all[0].length);
    expect(week[0][0]).toBe(x[96_999]);
    expect(week[0][week[0].length - 1]).toBe(x[97_000 + 10_081]);
    expect(Math.max(...(week[1] as number[]))).toBe(5000);
    // An hour: every point is drawn.
    const hour = decimate(data, x[100_000]!, x[100_060]!, 800);
    expect(hour[0].length).toBe(63);
  });

  it('keeps each series’ extremes when several share one x', () => {
    const a = minutes(20_000, (i) => (i === 5 ? 999 : 1))[1]!;
    const b = minutes(20_000, (i) => (i === 15_000 ? -5 : 2))[1]!;
    const data: AlignedData = [minutes(20_000, () => 0)[0], a, b];
    const out = decimate(data, data[0][0]!, data[0][19_999]!, 50);
    expect(Math.max(...(out[1] as number[]))).toBe(999);
    expect(Math.min(...(out[2] as number[]))).toBe(-5);
  });
});

describe('nearestIndex', () => {
  it('finds the raw x nearest a time', () => {
    const x = [10, 20, 30];
    expect(nearestIndex(x, 14)).toBe(0);
    expect(nearestIndex(x, 16)).toBe(1);
    expect(nearestIndex(x, -5)).toBe(0);
    expect(nearestIndex(x, 99)).toBe(2);
    expect(nearestIndex([], 1)).toBe(-1);
  });
});

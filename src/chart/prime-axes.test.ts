import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type uPlot from 'uplot';
import { axesBlankWhileStandIn, primeScales, yStandIn } from './prime-axes';
import { committed, uPlotInJsdom } from './uplot-jsdom.fixtures';

let UPlot: typeof uPlot;
// Each test: the suite's setup restores mocks after every test.
beforeEach(async () => {
  UPlot = await uPlotInJsdom();
});
afterEach(() => document.body.replaceChildren());

const realLabels = (_u: uPlot, splits: number[]) => splits.map((v) => `${v} counts`);
const options = (): uPlot.Options => ({
  width: 800,
  height: 300,
  series: [{}, {}, { scale: 'y2' }],
  scales: { x: { time: true }, y: { auto: true }, y2: { auto: true } },
  axes: axesBlankWhileStandIn([{}, { size: 70, values: realLabels }, { scale: 'y2', side: 1, size: 60 }]),
});

async function plot(data: uPlot.AlignedData) {
  const el = document.createElement('div');
  document.body.append(el);
  const u = new UPlot(options(), data, el);
  await committed();
  return u;
}
const empty = (): uPlot.AlignedData => [[], [], []];
const rows = (): uPlot.AlignedData => [
  [0, 50, 100],
  [3, 4, 5],
  [7, 8, 9],
];
const area = (u: uPlot) => [u.bbox.left, u.bbox.width, u.bbox.height];

describe('primeScales', () => {
  it('lays an empty plot out as it will be with rows, so its first cut is made for that width', async () => {
    const withRows = await plot(rows());
    const unprimed = await plot(empty());
    const primed = await plot(empty());
    primeScales(primed, [0, 100]);
    await committed();
    // Without it, the plot area takes the axes' room: the cut would be for columns it does not have.
    expect(area(unprimed)).not.toEqual(area(withRows));
    expect(area(primed)).toEqual(area(withRows));
    expect([primed.scales.x!.min, primed.scales.x!.max]).toEqual([0, 100]);
    expect(primed.scales.y2!.max).not.toBeNull();
  });

  it('does nothing without an x range (nothing to draw, no axes)', async () => {
    const u = await plot(empty());
    primeScales(u, null);
    await committed();
    expect(u.scales.x!.min).toBeNull();
    expect(u.scales.y!.min).toBeNull();
  });
});

describe('yStandIn', () => {
  it('keeps the axes’ room on a draw with no points, which uPlot would otherwise give back', async () => {
    const kept = await plot(rows());
    const given = await plot(rows());
    const before = area(kept);
    for (const [u, on] of [
      [kept, true],
      [given, false],
    ] as const) {
      u.batch(() => {
        u.setData(empty(), false);
        u.setScale('x', { min: 0, max: 100 });
        yStandIn(u, on);
      });
    }
    await committed();
    expect(area(kept)).toEqual(before);
    expect(area(given)).not.toEqual(before);
  });

  it('blanks the y labels while the range is a stand-in, and shows the real ones after', async () => {
    const u = await plot(empty());
    const [x, y] = options().axes!;
    const labels = () =>
      (y!.values as (u: uPlot, s: number[], i: number, sp: number, inc: number) => string[])(u, [2, 4], 1, 0, 0);
    primeScales(u, [0, 100]);
    expect(labels()).toEqual(['', '']);
    yStandIn(u, false);
    expect(labels()).toEqual(['2 counts', '4 counts']);
    expect(x!.values).toBeUndefined(); // the time axis is never blanked: its range is real
  });
});

import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type uPlot from 'uplot';
import { blankWhileStandIn, primeScales, yStandIn } from './prime-axes';
import { committed, stubBrowserForUPlot } from './uplot-jsdom.fixtures';

let UPlot: typeof uPlot;
// Each test: the suite's setup restores mocks after every test.
beforeEach(async () => {
  stubBrowserForUPlot();
  UPlot = (await import('uplot')).default;
});
afterEach(() => document.body.replaceChildren());

const realLabels = (_u: uPlot, splits: number[]) => splits.map((v) => `${v} counts`);
const options = (): uPlot.Options => ({
  width: 800,
  height: 300,
  series: [{}, {}, { scale: 'y2' }],
  scales: { x: { time: true }, y: { auto: true }, y2: { auto: true } },
  // Each value axis as the options builder writes it (chart-options.ts).
  axes: [
    {},
    { size: 70, values: blankWhileStandIn(realLabels) },
    { scale: 'y2', side: 1, size: 60, values: blankWhileStandIn(undefined) },
  ],
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
/** The labels uPlot wrote on axis `i` at its last layout. */
const labels = (u: uPlot, i: number): string[] => (u.axes[i] as { _values?: string[] })._values ?? [];
/** A draw as plot.tsx's: the rows, the x range and the stand-in's end, in one commit. */
const draw = (u: uPlot, data: uPlot.AlignedData) =>
  u.batch(() => {
    u.setData(data, false);
    u.setScale('x', { min: 0, max: 100 });
    yStandIn(u, false);
  });

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

  it('blanks the y labels uPlot writes while the range is a stand-in, and writes the real ones after', async () => {
    const u = await plot(empty());
    primeScales(u, [0, 100]);
    await committed();
    expect(labels(u, 1).length).toBeGreaterThan(0);
    expect(labels(u, 1).every((l) => l === '')).toBe(true);
    expect(labels(u, 2).every((l) => l === '')).toBe(true); // an axis without its own `values` too
    expect(labels(u, 0).some((l) => l !== '')).toBe(true); // the time axis: its range is real
    draw(u, rows());
    await committed();
    expect(labels(u, 1).some((l) => l.endsWith(' counts'))).toBe(true);
    expect(labels(u, 2).some((l) => /^\d/.test(l))).toBe(true);
  });

  it('writes the labels when the data’s range is the stand-in’s own (a log scale’s values within 1–10)', async () => {
    const el = document.createElement('div');
    document.body.append(el);
    const log: uPlot.Options = {
      ...options(),
      series: [{}, {}],
      scales: { x: { time: true }, y: { distr: 3, log: 10 } },
    };
    log.axes = log.axes!.slice(0, 2);
    const u = new UPlot(log, [[], []], el);
    await committed();
    primeScales(u, [0, 100]);
    await committed();
    expect(labels(u, 1).every((l) => l === '')).toBe(true);
    draw(u, [
      [0, 50, 100],
      [1, 5, 10],
    ]);
    await committed();
    expect([u.scales.y!.min, u.scales.y!.max]).toEqual([1, 10]);
    expect(labels(u, 1)).toContain('10 counts');
  });
});

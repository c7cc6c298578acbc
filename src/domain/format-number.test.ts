import { describe, expect, it } from 'vitest';
import { formatNumber, numberAxisValues } from './format-number';

// The oracle: what the app wrote before, through Intl (Node has full ICU).
const intl = new Intl.NumberFormat('en-US');

describe('formatNumber', () => {
  it('writes what Intl en-US writes, over counts, axis ticks and fractions', () => {
    const values = [
      0,
      1,
      7,
      12,
      999,
      1000,
      1001,
      12345,
      999999,
      1000000,
      1234567.891,
      2 ** 40,
      0.5,
      0.25,
      0.125,
      0.0625,
      2.5e-4,
      0.0005,
      0.0015,
      1.0005,
      99.9999,
      123.456789,
      1e-7,
      1e15,
      -1,
      -1234.5,
      -0.0001,
      5e-4,
      1.5,
      2.675,
      1.0045,
    ];
    for (let i = 0; i < 2000; i++) values.push(Math.round(Math.random() * 10 ** (i % 10)) / 10 ** (i % 4));
    // Full doubles: every rounding case at the third decimal, carries into the integer part included.
    for (let i = 0; i < 3000; i++) values.push((Math.random() - 0.2) * 10 ** ((i % 14) - 4));
    values.push(0.9995, 9.9995, 999.9995, 999999.9996, 0.0004999, 0.0005, 1e-6, 1e20 + 12345);
    for (const v of values) expect(formatNumber(v), String(v)).toBe(intl.format(v));
  });

  it('gives an axis label per split, blank where uPlot has none', () => {
    expect(numberAxisValues(null, [null, 1000, 2500.5, undefined])).toEqual(['', '1,000', '2,500.5', '']);
  });
});

describe('numberAxisValues', () => {
  // uPlot calls values(u, splits, axisIdx, foundSpace, foundIncr).
  const axis = (splits: (number | null)[], incr?: number) => numberAxisValues(null, splits, 1, 50, incr);

  it('writes ticks finer than a thousandth with the decimals their increment needs (an inverse rate)', () => {
    const ticks = [0, 0.0005, 0.001, 0.0015, 0.002, 0.0025, 0.003, 0.0035, 0.004, 0.0045, 0.005];
    expect(axis(ticks, 0.0005)).toEqual([
      '0',
      '0.0005',
      '0.001',
      '0.0015',
      '0.002',
      '0.0025',
      '0.003',
      '0.0035',
      '0.004',
      '0.0045',
      '0.005',
    ]);
    // Zoomed in: seven ticks 0.0001 apart, all distinct; no increment given, the gaps say it.
    expect(axis([0.0031, 0.0032, 0.0033, 0.0034, 0.0035, 0.0036, 0.0037])).toEqual([
      '0.0031',
      '0.0032',
      '0.0033',
      '0.0034',
      '0.0035',
      '0.0036',
      '0.0037',
    ]);
    expect(axis([0.00001, 0.00002, 0.00003], 0.00001)).toEqual(['0.00001', '0.00002', '0.00003']);
    expect(axis([-0.0002, 0, 0.0002], 0.0002)).toEqual(['-0.0002', '0', '0.0002']);
  });

  it('reads uPlot’s float sums (0.1 + 0.2) as the ticks they stand for', () => {
    expect(axis([0.0001, 0.0002, 0.00030000000000000003, 0.0004])).toEqual(['0.0001', '0.0002', '0.0003', '0.0004']);
  });

  it('log axes: decades of 1–9 ticks, each written distinctly', () => {
    const splits = [0.0002, 0.0003, 0.0005, null, 0.001, 0.002, 0.003, 0.01, 0.02];
    expect(axis(splits, 0.005)).toEqual(['0.0002', '0.0003', '0.0005', '', '0.001', '0.002', '0.003', '0.01', '0.02']);
  });

  it('a lone tick keeps its digits', () => {
    expect(axis([0.00042])).toEqual(['0.00042']);
  });

  it('keeps the count format where three decimals are enough (RSAM counts, ratios)', () => {
    expect(axis([0, 20000, 40000, 60000, 80000], 20000)).toEqual(['0', '20,000', '40,000', '60,000', '80,000']);
    expect(axis([0.5, 1, 1.5, 2], 0.5)).toEqual(['0.5', '1', '1.5', '2']);
    expect(axis([100, 1000, 10000, 100000], 25000)).toEqual(['100', '1,000', '10,000', '100,000']);
    expect(axis([0.002, 0.004, 0.006], 0.002)).toEqual(['0.002', '0.004', '0.006']);
    expect(axis([1234567.5, 1234568, 1234568.5], 0.5)).toEqual(['1,234,567.5', '1,234,568', '1,234,568.5']);
  });

  it('distinct ticks always read distinct, on uPlot-like scales from 1e-9 to 1e9', () => {
    const mantissas = [1, 2, 2.5, 5];
    for (let e = -9; e <= 9; e++)
      for (const m of mantissas) {
        const incr = Number(`${m}e${e}`);
        for (const startSteps of [0, 3, 17, 1234]) {
          const ticks = Array.from({ length: 8 }, (_, i) => Number(((startSteps + i) * incr).toPrecision(12)));
          const labels = axis(ticks, incr);
          expect(new Set(labels).size, `${incr} from ${ticks[0]}: ${labels.join(' ')}`).toBe(ticks.length);
          // And each label is the tick's value.
          labels.forEach((l, i) => expect(Number(l.replace(/,/g, ''))).toBeCloseTo(ticks[i]!, 12));
        }
      }
  });
});

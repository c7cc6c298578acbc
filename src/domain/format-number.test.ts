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

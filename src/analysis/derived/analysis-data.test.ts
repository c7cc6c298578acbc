import { describe, expect, it } from 'vitest';
import { computeAnalysis, type AnalysisInput } from './analysis-data';
import { ACCELERATING as A, FLAT_50 as B, FLAT_20 as C, analysisInput, T0 } from './derived-test-data';

const run = (patch: Partial<AnalysisInput>) => computeAnalysis(analysisInput(patch));

const tenMinMean = { windowSec: 600, kind: 'mean' as const, label: '10m rolling mean' };

describe('computeAnalysis: what each series is made of', () => {
  it('inverse rate: names the values it fits although Smoothing is None, and the channel left out', () => {
    const r = run({});
    expect(r.scope).toEqual({
      used: ['AV.CLCL..BHZ'],
      left: ['AV.CLES..BHZ'],
      leftWhy: 'the inverse rate is of the first channel only',
      smoothing: '10-minute medians, one per block (not rolling: values fitted must not share windows)',
      smoothingWhy: 'applied although Smoothing is set to None: raw 1/RSAM is too noisy to fit',
    });
    expect(r.method).toContain(
      'AV.CLCL..BHZ (the first channel), as 10-minute medians of its 60 s windows, one value per block (timed at its middle)',
    );
    expect(r.resolution).toBe('10-minute medians of the service’s 60 s windows, one value per block');
  });

  it('inverse rate with a chosen smoothing: blocks of that length and statistic, nothing to explain', () => {
    const r = run({ smooth: tenMinMean, channels: [A] });
    expect(r.scope).toEqual({
      used: ['AV.CLCL..BHZ'],
      left: [],
      leftWhy: 'the inverse rate is of the first channel only',
      smoothing: '10-minute means, one per block (not rolling: values fitted must not share windows)',
    });
    expect(run({ smooth: { windowSec: 3600, kind: 'median', label: '1h rolling median' } }).resolution).toMatch(
      /^1-hour medians/,
    );
  });

  it('ratio: the first two channels, smoothed as the view says', () => {
    expect(run({ analysis: 'ratio', channels: [A, B, C] }).scope).toMatchObject({
      used: ['AV.CLCL..BHZ', 'AV.CLES..BHZ'],
      left: ['AV.CLCO..BHZ'],
      smoothing: 'none, raw 60 s windows',
    });
    // The windows the service gave, not a 60 s default.
    const tenMin = [A, B].map((c) => ({ ...c, windowSec: 600 }));
    expect(run({ analysis: 'ratio', channels: tenMin }).scope.smoothing).toBe('none, raw 600 s windows');
    const r = run({ analysis: 'ratio', smooth: tenMinMean });
    expect(r.scope.smoothing).toBe('10m rolling mean, of each channel before dividing');
    expect(r.scope.smoothingWhy).toBeUndefined();
    // With one channel there is no chart, but the scope still says what is missing.
    expect(run({ analysis: 'ratio', channels: [A] }).problem).toMatch(/needs two channels/);
  });

  it('cumulative and counts read raw windows and say so when a smoothing is chosen', () => {
    const cum = run({ analysis: 'cumulative', channels: [A, B], smooth: tenMinMean });
    expect(cum.scope).toMatchObject({
      used: ['AV.CLCL..BHZ', 'AV.CLES..BHZ'],
      left: [],
      smoothing: 'none, raw 60 s windows',
    });
    expect(cum.scope.smoothingWhy).toMatch(/does not apply/);
    const counts = run({ analysis: 'counts', smooth: tenMinMean });
    // Counts are of every chosen channel: events on any of them, as the volcano view finds them.
    expect(counts.scope).toMatchObject({
      used: ['AV.CLCL..BHZ', 'AV.CLES..BHZ'],
      left: [],
      smoothing: 'none, raw 60 s windows',
    });
    expect(counts.scope.smoothingWhy).toMatch(/judged raw/);
    expect(run({ analysis: 'counts' }).scope.smoothingWhy).toBeUndefined();
  });

  it('counts: events on any chosen channel, the day before read for the median and for an event going on', () => {
    // Two channels at 100 the day before and through the range; each with a burst at 1,000: CLCL
    // from 23:50 the day before to 00:05, CLES from 01:00 to 01:09 and again at 01:15 (6 min after,
    // under the 10-minute merge gap: the same event), and CLCL alone from 03:00 to 03:12 (ten minutes at least: a lone window is no event).
    const n = 2 * 1440;
    const day0 = T0 - 86_400;
    const burst = (ranges: [number, number][]) =>
      Array.from({ length: n }, (_, i) => (ranges.some(([a, b]) => i >= a && i < b) ? 1000 : 100));
    const whole = (id: string, values: number[]) => ({
      id,
      windowSec: 60,
      times: Float64Array.from(values, (_, i) => day0 + 60 * i),
      values: Float64Array.from(values),
    });
    const a = whole(
      'AV.CLCL..BHZ',
      burst([
        [1430, 1445],
        [1620, 1632],
      ]),
    );
    const b = whole(
      'AV.CLES..BHZ',
      burst([
        [1500, 1509],
        [1515, 1516],
      ]),
    );
    const split = (c: typeof a) => [
      { ...c, times: c.times.subarray(0, 1440), values: c.values.subarray(0, 1440) },
      { ...c, times: c.times.subarray(1440), values: c.values.subarray(1440) },
    ];
    const [a0, a1] = split(a);
    const [b0, b1] = split(b);
    const r = run({
      analysis: 'counts',
      channels: [a1!, b1!],
      history: [a0!, b0!],
      bounds: [T0, T0 + 86_400],
      threshold: { kind: 'median', factor: 3 },
      bin: 'hour',
    });
    expect(r.names).toEqual(['2 channels events per hour', '2 channels windows above per hour']);
    const bins = r.counts!.bins;
    expect(bins.slice(0, 4).map((x) => [x.events, x.windows])).toEqual([
      [0, 5],
      [1, 10],
      [0, 0],
      [1, 12],
    ]);
    expect(r.counts!.before.map((e) => e.start)).toEqual([T0 - 600]);
    // Without the day before, the first six hours have no median: nothing there is judged.
    const alone = run({
      analysis: 'counts',
      channels: [a1!, b1!],
      bounds: [T0, T0 + 86_400],
      threshold: { kind: 'median', factor: 3 },
    });
    expect(alone.counts!.events).toHaveLength(0);
    expect(alone.counts!.unjudged).toBeGreaterThan(700);
  });

  it('inverse rate over an accelerating rate: a forecast near where 1/rate reaches zero', () => {
    const r = run({ fit: [T0, T0 + 240 * 60] });
    expect(r.forecast?.kind).toBe('forecast');
    if (r.forecast?.kind === 'forecast') expect(Math.abs(r.forecast.time - (T0 + 300 * 60))).toBeLessThan(15 * 60);
  });
});

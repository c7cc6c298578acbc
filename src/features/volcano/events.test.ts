import { describe, expect, it } from 'vitest';
import { runningMedian } from '../../analysis/running-median';
import { detectEvents } from './events';
import { eventRule } from './events-panel';

/** Two days of minute data at 100 counts with a 2-hour burst at 10× starting at hour 30. */
function series(burstFactor: number) {
  const n = 2 * 1440;
  const times = new Float64Array(n);
  const values = new Float64Array(n);
  for (let i = 0; i < n; i++) {
    times[i] = 1_700_000_000 + i * 60;
    values[i] = 100 * (1 + 0.2 * Math.sin(i / 7)) * (i >= 30 * 60 && i < 32 * 60 ? burstFactor : 1);
  }
  return { times, values };
}

describe('event detection', () => {
  it('keeps the running median at the background through a burst', () => {
    const s = series(10);
    const med = runningMedian({ ...s, windowSec: 60 }, 86_400);
    expect(med[31 * 60]).toBeGreaterThan(80);
    expect(med[31 * 60]).toBeLessThan(130);
  });

  it('finds the burst as one event with its peak, and nothing when N is above the burst', () => {
    const s = series(10);
    const ev = detectEvents([{ id: 'A', ...s }], { n: 3 });
    expect(ev).toHaveLength(1);
    expect(ev[0]!.from).toBe(s.times[30 * 60]! * 1000);
    // The last window above starts a minute before the burst ends and lasts that minute.
    expect(ev[0]!.to).toBe((s.times[32 * 60 - 1]! + 60) * 1000);
    expect(ev[0]!.windows).toBe(120);
    expect(ev[0]!.peakRatio).toBeGreaterThan(8);
    expect(detectEvents([{ id: 'A', ...s }], { n: 15 })).toEqual([]);
  });

  it('merges the same event seen on two channels', () => {
    const s = series(10);
    const ev = detectEvents(
      [
        { id: 'A', ...s },
        { id: 'B', ...s },
      ],
      { n: 3 },
    );
    expect(ev).toHaveLength(1);
    expect(ev[0]!.channels).toEqual(['A', 'B']);
  });

  it('counts a lone window above the threshold as an event of one window', () => {
    const s = series(1);
    s.values[100] = 10_000;
    const ev = detectEvents([{ id: 'A', ...s }], { n: 3 });
    expect(ev).toHaveLength(1);
    expect(ev[0]).toMatchObject({ from: s.times[100]! * 1000, to: (s.times[100]! + 60) * 1000, windows: 1 });
  });
});

/**
 * A week of 10-minute windows at a flat 100 counts, built by hand, and 30 single windows at 400
 * (4× the median) five hours apart: the page's rule makes each one an event (the old detector
 * dropped every lone window as "shorter than 5 minutes" and listed none of them).
 */
describe('events follow the stated rule over a week', () => {
  const W = 600;
  const t0 = 1_740_000_000;
  function week(spikes: readonly number[], value = 400) {
    const n = 7 * 144;
    const times = new Float64Array(n);
    const values = new Float64Array(n).fill(100);
    for (let i = 0; i < n; i++) times[i] = t0 + i * W;
    for (const i of spikes) values[i] = value;
    return { id: 'AV.CLCL..BHZ', times, values, windowSec: W };
  }

  it('lists 30 lone windows above 3× as 30 events, each one window long', () => {
    const spikes = Array.from({ length: 30 }, (_, k) => 20 + k * 30);
    const ev = detectEvents([week(spikes)], { n: 3 });
    expect(ev).toHaveLength(30);
    expect(ev.map((e) => e.from)).toEqual(spikes.map((i) => (t0 + i * W) * 1000));
    expect(ev.every((e) => e.to - e.from === W * 1000 && e.windows === 1 && e.peakRatio === 4)).toBe(true);
  });

  it('joins windows less than 30 minutes apart, end to start, and no others', () => {
    // 100 and 102: 10 min between the end of one and the start of the next → one event.
    // 200 and 204: 30 min apart → two events. Exactly 3× is not above 3×.
    const ev = detectEvents([week([100, 102, 200, 204, 300])], { n: 3 });
    expect(ev.map((e) => [(e.from / 1000 - t0) / W, (e.to / 1000 - t0) / W, e.windows])).toEqual([
      [100, 103, 2],
      [200, 201, 1],
      [204, 205, 1],
      [300, 301, 1],
    ]);
    expect(detectEvents([week([10], 300)], { n: 3 })).toEqual([]);
  });

  it('merges the same window on two channels into one event of both', () => {
    const a = week([50]);
    const b = { ...week([51]), id: 'AV.CLES..BHZ' };
    const ev = detectEvents([a, b], { n: 3 });
    expect(ev).toHaveLength(1);
    expect(ev[0]).toMatchObject({ channels: ['AV.CLCL..BHZ', 'AV.CLES..BHZ'], windows: 2 });
  });

  it('states the rule it applies', () => {
    expect(eventRule(3)).toMatch(/above 3× its running one-day median .* single window .* less than 30 minutes apart/);
  });
});

import { describe, expect, it } from 'vitest';
import { runningMedian } from '../../chart/chart-options';
import { detectEvents } from './events';

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
    expect(ev[0]!.to).toBe(s.times[32 * 60 - 1]! * 1000);
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

  it('ignores spikes shorter than the minimum duration', () => {
    const s = series(1);
    s.values[100] = 10_000;
    expect(detectEvents([{ id: 'A', ...s }], { n: 3 })).toEqual([]);
  });
});

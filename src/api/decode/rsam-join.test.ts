import { joinRsam } from './rsam-join';
import type { RsamSeries } from './rsam-series';

const channel = { network: 'HV', station: 'UWE', location: '', channel: 'HHZ' };
const f = (a: number[]) => Float64Array.from(a);

/** A part as the parse worker sends it: its drawing columns with a NaN in each outage. */
function part(times: number[], values: number[], drawing = true): RsamSeries {
  const s: RsamSeries = { channel, windowSec: 60, times: f(times), values: f(values) };
  return drawing ? { ...s, drawing: { x: f(times), y: f(values) } } : s;
}

describe('joinRsam', () => {
  it('keeps the drawing columns, with the break the chart marks between parts an outage apart', () => {
    const j = joinRsam([part([0, 60], [1, 2]), part([240, 300], [3, 4])]);
    expect(Array.from(j.times)).toEqual([0, 60, 240, 300]);
    expect(Array.from(j.values)).toEqual([1, 2, 3, 4]);
    expect(Array.from(j.drawing!.x)).toEqual([0, 60, 120, 240, 300]);
    expect(Array.from(j.drawing!.y)).toEqual([1, 2, NaN, 3, 4]);
  });

  it('adds no break between adjacent parts, and skips an empty one', () => {
    const j = joinRsam([part([0], [1]), part([], []), part([60], [2])]);
    expect(Array.from(j.drawing!.x)).toEqual([0, 60]);
    expect(Array.from(j.drawing!.y)).toEqual([1, 2]);
  });

  it('carries no drawing columns when a part has none (the chart then makes them)', () => {
    const j = joinRsam([part([0], [1]), part([60], [2], false)]);
    expect(j.drawing).toBeUndefined();
    expect(Array.from(j.values)).toEqual([1, 2]);
  });

  it('returns one part as it is', () => {
    const p = part([0], [1]);
    expect(joinRsam([p])).toBe(p);
  });
});

import { describe, expect, it } from 'vitest';
import { ratioSeries } from './ratio';
import { cumulativeSeries } from './cumulative';
import { studentTQuantile } from './student-t';
import { formatAlertRules, parseAlertRules } from './alerts';

const arr = (a: ArrayLike<number>) => Array.from(a);

describe('ratio', () => {
  it('divides aligned windows; a gap in either series or a zero divisor is a gap', () => {
    const a = { times: [0, 60, 120, 180], values: [10, 20, 30, 40], windowSec: 60 };
    const b = { times: [0, 120, 180, 240], values: [5, 10, 0, 1], windowSec: 60 };
    const r = ratioSeries(a, b);
    expect(arr(r.times)).toEqual([0, 120]);
    expect(arr(r.values)).toEqual([2, 3]);
  });
});

describe('cumulative', () => {
  it('sums counts × window seconds; a missing window adds nothing', () => {
    const c = cumulativeSeries({ times: [0, 60, 180], values: [1, 2, 3], windowSec: 60 });
    expect(arr(c.times)).toEqual([0, 60, 180]);
    expect(arr(c.values)).toEqual([60, 180, 360]);
  });
});

describe('student t quantile', () => {
  it('matches the table', () => {
    expect(studentTQuantile(0.975, 1)).toBeCloseTo(12.7062, 3);
    expect(studentTQuantile(0.975, 3)).toBeCloseTo(3.18245, 4);
    expect(studentTQuantile(0.975, 10)).toBeCloseTo(2.22814, 4);
    expect(studentTQuantile(0.5, 7)).toBeCloseTo(0, 6);
  });
});

describe("the wall's session rules (alert=)", () => {
  it('parses counts and median thresholds and rejects the rest', () => {
    const p = parseAlertRules('AV.CLCL..BHZ:5000,OV.VPCC..HHZ:4x,nonsense,AV.CLCL..BHZ:10,XX.Y..Z:-3');
    expect(p.rules).toEqual([
      {
        channel: { network: 'AV', station: 'CLCL', location: '', channel: 'BHZ' },
        threshold: { kind: 'counts', value: 5000 },
      },
      {
        channel: { network: 'OV', station: 'VPCC', location: '', channel: 'HHZ' },
        threshold: { kind: 'median', factor: 4 },
      },
    ]);
    expect(p.rejected).toEqual(['nonsense', 'AV.CLCL..BHZ:10', 'XX.Y..Z:-3']);
    expect(formatAlertRules(p.rules)).toBe('AV.CLCL..BHZ:5000,OV.VPCC..HHZ:4x');
  });
});

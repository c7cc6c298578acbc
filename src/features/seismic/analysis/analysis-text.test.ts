import { describe, expect, it } from 'vitest';
import { fitSpanText, fmtValue, scopeText } from './analysis-text';
import { forecastText } from './forecast-text';
import { T0 } from '../../../analysis/derived/derived-test-data';

describe('analysis text', () => {
  it('scope: the channel, those left out and why, and the smoothing with its reason', () => {
    expect(
      scopeText({
        used: ['AV.CLCL..BHZ'],
        left: ['AV.CLES..BHZ', 'AV.CLCO..BHZ'],
        leftWhy: 'the inverse rate is of the first channel only',
        smoothing: '1 hour rolling median',
        smoothingWhy: 'applied although Smoothing is set to None: raw 1/RSAM is too noisy to fit',
      }),
    ).toEqual({
      channels:
        'AV.CLCL..BHZ only; not included: AV.CLES..BHZ, AV.CLCO..BHZ (the inverse rate is of the first channel only).',
      smoothing: '1 hour rolling median (applied although Smoothing is set to None: raw 1/RSAM is too noisy to fit).',
    });
    expect(scopeText({ used: ['A', 'B'], left: [], smoothing: 'none, raw 60 s windows' })).toEqual({
      channels: 'A, B.',
      smoothing: 'none, raw 60 s windows.',
    });
  });

  it('values: counts whole, the rest to three significant digits', () => {
    expect([12, 1234.4, 1.5, 0.00271, 0.0000132, null, Number.NaN].map(fmtValue)).toEqual([
      '12',
      '1,234',
      '1.50',
      '0.00271',
      '0.0000132',
      '—',
      '—',
    ]);
  });

  it('the forecast read-out points to the keyboard way too, and the fit span names its zone', () => {
    expect(forecastText(undefined, null, 'UTC')).toMatch(/Fit the visible range/);
    expect(fitSpanText([T0, T0 + 3600], 'UTC')).toBe(
      'Fit span: 2025-03-01T00:00:00Z (UTC) to 2025-03-01T01:00:00Z (UTC).',
    );
  });
});

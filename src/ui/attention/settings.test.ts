import { describe, expect, it } from 'vitest';
import { DEFAULT_ATTENTION_RULE } from '../../analysis/attention/attention';
import { longestBaselineHours } from './settings';

describe('the baseline the wall and the home page load', () => {
  it('is the shipped 24 h when nothing asks for more', () => {
    expect(longestBaselineHours({ defaults: DEFAULT_ATTENTION_RULE, volcanoes: {}, channels: {} })).toBe(24);
  });

  it('is the longest a volcano or a channel is judged against (a 7-day median loads 7 days)', () => {
    const s = {
      defaults: DEFAULT_ATTENTION_RULE,
      volcanoes: { '345040': { baselineHours: 72 } },
      channels: { 'OV.VPRS..HHZ': { baselineHours: 168 }, 'OV.VPCC..HHZ': { silentMinutes: 20 } },
    };
    expect(longestBaselineHours(s)).toBe(168);
  });
});

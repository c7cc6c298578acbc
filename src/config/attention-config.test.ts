import { describe, expect, it } from 'vitest';
import { parseAttentionConfig } from './attention-config';
import { ConfigError, parseRuntimeConfig } from './runtime-config';

const base = { apiBaseUrl: '/a', legacyBaseUrl: '/l', platformBaseUrl: '/p', mock: false };

describe('attention in config.json', () => {
  it('keeps only what is written, per observatory, volcano and channel', () => {
    const problems: string[] = [];
    const c = parseAttentionConfig(
      {
        elevatedRatio: 4,
        holdMinutes: 15,
        volcanoes: { '345040': { silentMinutes: 20 } },
        channels: { 'OV.VPRS..HHZ': { highRatio: 12, levelWindows: 5 } },
      },
      problems,
    );
    expect(problems).toEqual([]);
    expect(c).toEqual({
      defaults: { elevated: { kind: 'ratio', ratio: 4 }, holdMinutes: 15 },
      volcanoes: { '345040': { silentMinutes: 20 } },
      channels: { 'OV.VPRS..HHZ': { high: { kind: 'ratio', ratio: 12 }, levelWindows: 5 } },
    });
    expect(parseRuntimeConfig(base).attention).toEqual({ defaults: {}, volcanoes: {}, channels: {} });
  });

  it('names each bad value', () => {
    let problems: string[] = [];
    try {
      parseRuntimeConfig({
        ...base,
        attention: {
          elevatedRatio: 'three',
          silentMinutes: 0,
          levelWindows: 2.5,
          volcanoes: { poas: {} },
          channels: { VPCC: {} },
          alarm: 1,
        },
      });
    } catch (e) {
      problems = (e as ConfigError).problems;
    }
    expect(problems).toEqual([
      'attention.elevatedRatio: must be a number',
      'attention.silentMinutes: must be from 1 to 10080',
      'attention.levelWindows: must be a whole number',
      'attention.alarm: is not a setting (one of elevatedRatio, highRatio, holdMinutes, mergeGapMinutes, silentMinutes, levelWindows, baselineHours, minBaselineHours)',
      'attention.volcanoes.poas: must be a volcano number',
      'attention.channels.VPCC: must be a channel id (OV.VPCC..HHZ)',
    ]);
  });
});

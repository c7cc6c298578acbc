import { beforeEach, describe, expect, it } from 'vitest';
import { DEFAULT_ATTENTION_RULE, type ChannelStatus } from '../../analysis/attention/attention';
import { volcanoAttention } from '../../analysis/attention/attention-words';
import { logCsv, useAttentionLogStore } from './attention-log';

const NOW = Date.UTC(2025, 2, 10, 12, 0);
const at = NOW / 1000 - 60;
const rule = { ...DEFAULT_ATTENTION_RULE };
const firing: ChannelStatus = {
  state: 'firing',
  level: 2739,
  baseline: 428,
  ratio: 6.4,
  grade: 'elevated',
  since: NOW / 1000 - 36 * 60,
  sinceAtLeast: false,
  firesAt: null,
  at,
};
const silent: ChannelStatus = { state: 'silent', at: NOW / 1000 - 44 * 60, sinceSec: NOW / 1000 - 43 * 60 };
const poas = (vpnc: ChannelStatus) =>
  volcanoAttention(345040, 'Poás', [
    { station: 'VPCC', channelId: 'OV.VPCC..HHZ', rule, status: silent },
    { station: 'VPNC', channelId: 'OV.VPNC..HHZ', rule, status: vpnc },
  ]);

describe('the alert log', () => {
  beforeEach(() => useAttentionLogStore.getState().actions.clear());

  it('logs each rise once, however often it is seen, and again when it rises further', () => {
    const { recordRises, acknowledge } = useAttentionLogStore.getState().actions;
    expect(recordRises([poas(firing)], NOW).map((e) => e.key)).toEqual([
      `OV.VPCC..HHZ silent@${NOW / 1000 - 43 * 60}`,
      `OV.VPNC..HHZ elevated@${NOW / 1000 - 36 * 60}`,
    ]);
    expect(recordRises([poas(firing)], NOW + 60_000)).toEqual([]);
    acknowledge([`OV.VPNC..HHZ elevated@${NOW / 1000 - 36 * 60}`], NOW + 90_000);
    // Elevated becoming high is a rise of its own.
    expect(recordRises([poas({ ...firing, grade: 'high' })], NOW + 120_000).map((e) => e.state)).toEqual(['high']);
    const rows = logCsv(useAttentionLogStore.getState().entries).split('\r\n');
    expect(rows[0]).toBe('rose_utc,since_utc,volcano,station,channel,state,acknowledged_utc,what,rule');
    expect(rows[2]).toBe(
      '2025-03-10T12:00:00Z,2025-03-10T11:24:00Z,Poás,VPNC,OV.VPNC..HHZ,elevated,2025-03-10T12:01:30Z,' +
        '"elevated: RSAM 6.4 × its 24-hour median (2,739 counts) since 11:24 UTC",' +
        '"elevated at 3 × its 24-hour median (high at 10 ×), the median of the last 10 windows held 10 min, dips under 10 min merged; silent after 10 min without a window"',
    );
    expect(rows[1]).toMatch(
      /^2025-03-10T12:00:00Z,2025-03-10T11:17:00Z,Poás,VPCC,OV\.VPCC\.\.HHZ,silent,,silent since 11:17 UTC \(43 min\),/,
    );
    expect(rows).toHaveLength(5);
  });

  it('logs nothing for pending, normal or unknown', () => {
    const { recordRises } = useAttentionLogStore.getState().actions;
    const calm = volcanoAttention(311240, 'Cleveland', [
      { station: 'CLCL', channelId: 'AV.CLCL..BHZ', rule, status: { ...firing, state: 'pending', firesAt: at + 600 } },
      {
        station: 'CLES',
        channelId: 'AV.CLES..BHZ',
        rule,
        status: { state: 'unknown', why: 'no-rsam', hours: 0, at: null },
      },
    ]);
    expect(recordRises([calm], NOW)).toEqual([]);
  });
});

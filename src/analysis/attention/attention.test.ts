import { describe, expect, it } from 'vitest';
import {
  channelStatus,
  DEFAULT_ATTENTION_RULE,
  episodesOf,
  ruleFor,
  type AttentionRule,
  type ChannelStatus,
} from './attention';
import { attentionSummary, statusText, volcanoAttention, volcanoWord } from './attention-words';
import type { Series } from '../series';

const rule: AttentionRule = { ...DEFAULT_ATTENTION_RULE };
/** 2025-03-10 12:00 UTC, in unix seconds. */
const NOW = Date.UTC(2025, 2, 10, 12, 0) / 1000;
const DAY = 86_400;

/**
 * A day and a half of one-minute windows ending at the last whole minute before `end` (unix s),
 * the value at each window start from `f`; `skip` drops windows.
 */
function series(f: (t: number) => number, end = NOW, hours = 36, skip: (t: number) => boolean = () => false): Series {
  const times: number[] = [];
  const values: number[] = [];
  for (let t = end - hours * 3600; t < end; t += 60) {
    if (skip(t)) continue;
    times.push(t);
    values.push(f(t));
  }
  return { times: Float64Array.from(times), values: Float64Array.from(values), windowSec: 60 };
}

/** Calm RSAM around 200 counts with a little noise (deterministic). */
const calm = (t: number) => 200 * (1 + 0.2 * Math.sin(t / 97));
/** The same with a daytime cultural bump of 1.5 × at its peak. */
const daily = (t: number) => calm(t) * (1 + 0.5 * Math.max(0, Math.sin((2 * Math.PI * (t % DAY)) / DAY)));

const state = (s: ChannelStatus) => (s.state === 'firing' ? `firing ${s.grade}` : s.state);

describe('channelStatus', () => {
  it('calls calm RSAM normal, with its ratio to its own median', () => {
    const s = channelStatus(series(calm), rule, NOW);
    expect(state(s)).toBe('normal');
    expect(statusText(s, rule, NOW * 1000)).toMatch(/^normal: RSAM 1\.\d × its 24-hour median \(\d+ counts\)$/);
  });

  it('says "since at least" when the episode reaches back to the first window loaded, and "since" when it began inside', () => {
    const counts: AttentionRule = {
      ...rule,
      elevated: { kind: 'counts', counts: 1 },
      high: { kind: 'counts', counts: Infinity },
    };
    const whole = channelStatus(series(calm), counts, NOW);
    expect(state(whole)).toBe('firing elevated');
    const first = NOW - 36 * 3600;
    expect(statusText(whole, counts, NOW * 1000)).toMatch(
      new RegExp(`since at least ${new Date(first * 1000).toISOString().slice(0, 16).replace('T', ' ')} UTC$`),
    );
    const inside = channelStatus(
      series((t) => (t >= NOW - 3600 ? 10 * calm(t) : calm(t))),
      rule,
      NOW,
    );
    expect(state(inside)).toBe('firing elevated');
    expect(statusText(inside, rule, NOW * 1000)).toMatch(/ since 11:0\d UTC$/);
  });

  it('flags nothing for a lone spike of 18 × (one window from a local earthquake)', () => {
    const s = channelStatus(
      series((t) => (t === NOW - 180 ? 18 * calm(t) : calm(t))),
      rule,
      NOW,
    );
    expect(state(s)).toBe('normal');
  });

  it('flags nothing for three spikes minutes apart: the level is a median of ten windows', () => {
    const spikes = new Set([NOW - 600, NOW - 420, NOW - 240]);
    expect(
      state(
        channelStatus(
          series((t) => (spikes.has(t) ? 30 * calm(t) : calm(t))),
          rule,
          NOW,
        ),
      ),
    ).toBe('normal');
  });

  it('flags nothing for the daily cycle, at any hour of the day', () => {
    for (let h = 0; h < 24; h += 3) {
      const end = NOW + h * 3600;
      expect(state(channelStatus(series(daily, end), rule, end)), `at +${h} h`).toBe('normal');
    }
  });

  it('is pending while a level has not yet held its duration, and fires after', () => {
    // 25 × from 8 minutes before now: the level (median of 10) crosses 3 × after 5 windows above.
    const start = NOW - 8 * 60;
    const s = series((t) => (t >= start ? 25 * calm(t) : calm(t)));
    const pending = channelStatus(s, rule, NOW);
    expect(pending.state).toBe('pending');
    if (pending.state !== 'pending') return;
    expect(pending.since).toBe(start + 4 * 60);
    expect(pending.firesAt).toBe(start + 4 * 60 + 600);
    expect(statusText(pending, rule, NOW * 1000)).toMatch(
      /^pending: RSAM \d+ × its 24-hour median \(.*\) since 11:56 UTC, high if it holds until 12:06 UTC$/,
    );

    const later = NOW + 40 * 60;
    const held = channelStatus(
      series((t) => (t >= start ? 25 * calm(t) : calm(t)), later),
      rule,
      later,
    );
    expect(state(held)).toBe('firing high');
    expect(statusText(held, rule, later * 1000)).toMatch(
      /^high: RSAM \d+ × its 24-hour median \(.*\) since 11:56 UTC$/,
    );
  });

  it('grades a held 4 × elevated, not high', () => {
    const s = channelStatus(
      series((t) => (t >= NOW - 40 * 60 ? 4 * calm(t) : calm(t))),
      rule,
      NOW,
    );
    expect(state(s)).toBe('firing elevated');
  });

  it('keeps one episode through a dip shorter than the merge gap', () => {
    const s = series((t) => (t >= NOW - 60 * 60 && !(t >= NOW - 35 * 60 && t < NOW - 30 * 60) ? 5 * calm(t) : calm(t)));
    const st = channelStatus(s, rule, NOW);
    expect(state(st)).toBe('firing elevated');
    // Since the level (a median of ten windows) crossed: five windows into the run, not after the dip.
    if (st.state === 'firing') expect((st.since! - (NOW - 60 * 60)) / 60).toBeOneOf([4, 5]);
  });

  it('says silent once no window has come for the silent minutes, and when it stopped', () => {
    const s = series(calm, NOW - 41 * 60);
    expect(state(channelStatus(s, rule, NOW - 41 * 60 + 9 * 60))).toBe('normal');
    const st = channelStatus(s, rule, NOW);
    expect(st.state).toBe('silent');
    expect(statusText(st, rule, NOW * 1000)).toBe('silent since 11:19 UTC (41 min)');
  });

  it('says unknown with too little data, never normal', () => {
    const st = channelStatus(series(calm, NOW, 2), rule, NOW);
    expect(st.state).toBe('unknown');
    expect(statusText(st, rule, NOW * 1000)).toBe('unknown: 2 h of RSAM, 6 h needed to judge');
    expect(statusText(channelStatus(null, rule, NOW), rule, NOW * 1000)).toBe('unknown: no RSAM to judge');
  });

  it('says error when the request fails and what is known is too old to judge', () => {
    const st = channelStatus(series(calm, NOW - 3600), rule, NOW, 'the service answers 500');
    expect(statusText(st, rule, NOW * 1000)).toBe('error: the service answers 500');
  });

  it('takes a level in counts from a session rule', () => {
    const r = {
      ...rule,
      elevated: { kind: 'counts', counts: 150 } as const,
      high: { kind: 'counts', counts: 1e9 } as const,
    };
    expect(state(channelStatus(series(calm), r, NOW))).toBe('firing elevated');
  });
});

describe('ruleFor', () => {
  it('applies the volcano, then the channel, then the session', () => {
    const settings = {
      defaults: rule,
      volcanoes: { '345040': { holdMinutes: 20, silentMinutes: 30 } },
      channels: { 'OV.VPCC..HHZ': { silentMinutes: 60 } },
    };
    const r = ruleFor(settings, 345040, 'ov.vpcc..hhz', { elevated: { kind: 'ratio', ratio: 5 } });
    expect(r).toMatchObject({ holdMinutes: 20, silentMinutes: 60, elevated: { kind: 'ratio', ratio: 5 } });
    expect(ruleFor(settings, 311240, 'AV.CLCL..BHZ')).toEqual(rule);
  });
});

describe('episodesOf', () => {
  const times = Array.from({ length: 100 }, (_, i) => i * 60);
  const run = (above: Set<number>, minDurationSec: number, mergeGapSec: number) =>
    episodesOf(
      times,
      60,
      (i) => above.has(i),
      () => 1,
      { minDurationSec, mergeGapSec },
    ).map((e) => [e.start / 60, e.end / 60]);

  it('drops runs shorter than the minimum duration and merges runs closer than the gap', () => {
    const above = new Set([5, 20, 21, 22, 25, 26, 27, 28, 29, 30, 31, 60]);
    expect(run(above, 0, 0)).toEqual([
      [5, 6],
      [20, 23],
      [25, 32],
      [60, 61],
    ]);
    expect(run(above, 5 * 60, 0)).toEqual([[25, 32]]);
    expect(run(above, 5 * 60, 3 * 60)).toEqual([[20, 32]]);
  });
});

describe('summaries', () => {
  const at = NOW - 60;
  const normal: ChannelStatus = {
    state: 'normal',
    level: 220,
    baseline: 200,
    ratio: 1.1,
    grade: null,
    since: null,
    sinceAtLeast: false,
    firesAt: null,
    at,
  };
  const firing: ChannelStatus = {
    ...normal,
    state: 'firing',
    ratio: 25,
    level: 4692,
    grade: 'elevated',
    since: at - 2400,
  };
  const silent: ChannelStatus = { state: 'silent', at: NOW - 2460, sinceSec: NOW - 2400 };
  const st = (station: string, status: ChannelStatus) => ({ station, channelId: `OV.${station}..HHZ`, status, rule });

  it('names the volcano that needs attention and the silent stations; calm says calm', () => {
    const poas = volcanoAttention(345040, 'Poás', [st('VPCC', silent), st('VPNC', firing)]);
    const cleveland = volcanoAttention(311240, 'Cleveland', [st('CLCL', normal)]);
    const okmok = volcanoAttention(311290, 'Okmok', []);
    expect(volcanoWord(poas)).toBe('elevated');
    expect(volcanoWord(cleveland)).toBe('normal');
    expect(volcanoWord(okmok)).toBe('cameras only');
    expect(poas.worst?.station).toBe('VPNC');
    expect(attentionSummary([cleveland, poas, okmok])).toBe('Poás elevated · 1 station silent');
    expect(attentionSummary([cleveland, okmok])).toBe('All calm: RSAM normal at every station');
  });
});

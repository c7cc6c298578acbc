/**
 * Attention: the one rule that says whether a channel, a station and a volcano need a person now,
 * shared by the wall, the home page and the analyses' episodes (event counts, volcano events).
 *
 * A channel's *level* is the median of its last few windows (a robust short window: one spike from
 * a local earthquake does not move it), judged against its own *baseline*, the median of its
 * trailing hours. A level at or above a ratio of the baseline is a *run*; runs less than a gap
 * apart are one *episode*; an episode counts only once it has lasted the hold (the daily cultural
 * cycle, at most about 1.5 ×, never reaches the shipped 3 ×). The states are those alerting tools
 * use (normal, pending, firing, no data, error), said in RSAM's words by attention-words.ts: never
 * the official alert levels an observatory declares.
 */
import { formatChannelId, parseChannelId } from '../../domain/channel-id';
import type { Volcano } from '../../domain/volcanoes';
import type { Series } from '../series';
import { lowerBound } from '../../domain/sorted-search';

/** A level: N × the channel's baseline, or a fixed number of counts (a session rule from the URL). */
export type AttentionLevel = { kind: 'ratio'; ratio: number } | { kind: 'counts'; counts: number };

export interface AttentionRule {
  /** The level that makes a channel elevated. */
  elevated: AttentionLevel;
  /** The level that makes it high (same kind of level as `elevated`, larger). */
  high: AttentionLevel;
  /** How long a level must hold before it fires; until then it is pending. */
  holdMinutes: number;
  /** Runs above less than this far apart (end to start) are one episode. */
  mergeGapMinutes: number;
  /** A channel whose newest window is this much behind the clock is silent. */
  silentMinutes: number;
  /** How many of the newest windows the level is the median of. */
  levelWindows: number;
  /** The trailing span the baseline is the median of. */
  baselineHours: number;
  /** Less than this many hours of windows in that span: too little data to judge (unknown). */
  minBaselineHours: number;
}

/**
 * The shipped defaults, each with its reason (docs/attention.md). An observatory changes them in
 * config.json, per volcano and per channel; a session in the wall's URL (`alert=`).
 */
export const DEFAULT_ATTENTION_RULE: Readonly<AttentionRule> = Object.freeze<AttentionRule>({
  elevated: { kind: 'ratio', ratio: 3 },
  high: { kind: 'ratio', ratio: 10 },
  holdMinutes: 10,
  mergeGapMinutes: 10,
  silentMinutes: 10,
  levelWindows: 10,
  baselineHours: 24,
  minBaselineHours: 6,
});

export type AttentionRulePatch = Partial<AttentionRule>;

export interface AttentionSettings {
  defaults: AttentionRule;
  /** By volcano number. */
  volcanoes: Readonly<Record<string, AttentionRulePatch>>;
  /** By channel id, `NET.STA.LOC.CHA` as the app writes it (`OV.VPCC..HHZ`). */
  channels: Readonly<Record<string, AttentionRulePatch>>;
}

/** The rule for one channel: the defaults, then its volcano's changes, then its own, then the session's. */
export function ruleFor(
  settings: AttentionSettings,
  vnum: number,
  channelId: string,
  session?: AttentionRulePatch,
): AttentionRule {
  const ref = parseChannelId(channelId);
  const id = ref ? formatChannelId(ref) : channelId;
  return {
    ...settings.defaults,
    ...settings.volcanoes[String(vnum)],
    ...settings.channels[id],
    ...session,
  };
}

export type Grade = 'elevated' | 'high';

export type ChannelStatus =
  /** Nothing loaded (not listed, not answered yet) or too little to judge. */
  | { state: 'unknown'; why: 'no-rsam' | 'too-little'; hours: number; at: number | null }
  /** The request for it fails: what is known is older than the clock says. */
  | { state: 'error'; message: string; at: number | null }
  /** No window for `silentMinutes`; `at` is the newest window. */
  | { state: 'silent'; at: number; sinceSec: number }
  | {
      state: 'normal' | 'pending' | 'firing';
      /** The level (median of the newest windows), in counts. */
      level: number;
      baseline: number;
      ratio: number;
      /** The grade of the episode's highest held level, or of the level pending. */
      grade: Grade | null;
      /** Start of the episode (unix s) when pending or firing. */
      since: number | null;
      /**
       * The episode reaches back to the first window loaded: it may have begun before, so `since`
       * is a lower bound ("since at least"), not its start.
       */
      sinceAtLeast: boolean;
      /** When a pending level will have held long enough (unix s). */
      firesAt: number | null;
      /** Newest window (unix s). */
      at: number;
    };

export type AttentionState = ChannelStatus['state'];

/** The median of `a` (copied: the caller's order stays). NaN when empty. */
function median(a: ArrayLike<number>): number {
  const v = Float64Array.from(a).filter(Number.isFinite).sort();
  const n = v.length;
  if (n === 0) return Number.NaN;
  return n % 2 ? v[(n - 1) >> 1]! : (v[n / 2 - 1]! + v[n / 2]!) / 2;
}

/**
 * The level at window i: the median of the windows in the `levelWindows` windows' span ending at
 * i (a missing window is not replaced: fewer values are taken, never older ones).
 */
export function levelAt(s: Series, i: number, levelWindows: number): number {
  const from = lowerBound(s.times, s.times[i]! - (levelWindows - 1) * s.windowSec);
  const w: number[] = [];
  for (let k = from; k <= i; k++) w.push(s.values[k]!);
  return median(w);
}

export interface Baseline {
  value: number;
  /** Hours of windows it is the median of. */
  hours: number;
}

/** The median of the windows in the `baselineHours` up to and including the newest. */
export function baselineOf(s: Series, rule: AttentionRule): Baseline {
  const n = s.times.length;
  if (n === 0) return { value: Number.NaN, hours: 0 };
  const end = s.times[n - 1]!;
  const from = lowerBound(s.times, end - rule.baselineHours * 3600 + s.windowSec);
  const values = Array.prototype.slice.call(s.values, from) as number[];
  return { value: median(values), hours: ((n - from) * s.windowSec) / 3600 };
}

/** The limit a level is compared with, in counts. */
export function limitOf(level: AttentionLevel, baseline: number): number {
  return level.kind === 'ratio' ? level.ratio * baseline : level.counts;
}

export interface Episode {
  /** Start of the first window above (unix s). */
  start: number;
  /** End of the last window above (unix s): its start + windowSec. */
  end: number;
  /** Windows above in it. */
  windows: number;
  peak: number;
  peakTime: number;
}

export interface EpisodeRule {
  /** A run shorter than this (start of its first window to end of its last) is not an episode. */
  minDurationSec: number;
  /** Runs less than this apart (end to start, missing windows included) are merged into one. */
  mergeGapSec: number;
}

/**
 * The episodes of a flag per window: runs of windows above (a missing window ends a run), merged
 * when less than `mergeGapSec` apart, kept when they last at least `minDurationSec`. Merging first,
 * so bursts a minute apart make one episode that may last long enough; a lone window never does
 * unless the rule asks for less than a window.
 */
export function episodesOf(
  times: ArrayLike<number>,
  windowSec: number,
  above: (i: number) => boolean,
  value: (i: number) => number,
  rule: EpisodeRule,
  from = 0,
): Episode[] {
  const merged: Episode[] = [];
  for (let i = from; i < times.length; i++) {
    if (!above(i)) continue;
    const t = times[i]!;
    const v = value(i);
    const last = merged[merged.length - 1];
    if (last && t - last.end < rule.mergeGapSec + (t === last.end ? 1 : 0)) {
      last.end = t + windowSec;
      last.windows++;
      if (v > last.peak) {
        last.peak = v;
        last.peakTime = t;
      }
    } else merged.push({ start: t, end: t + windowSec, windows: 1, peak: v, peakTime: t });
  }
  return merged.filter((e) => e.end - e.start >= rule.minDurationSec);
}

/**
 * A channel's status at `nowSec` under `rule`. `series` null: nothing loaded; `failure`: the words
 * of a failing request (its last data is then judged only if it is still recent).
 */
export function channelStatus(
  series: Series | null,
  rule: AttentionRule,
  nowSec: number,
  failure: string | null = null,
): ChannelStatus {
  const n = series?.times.length ?? 0;
  if (!series || n === 0) {
    return failure
      ? { state: 'error', message: failure, at: null }
      : { state: 'unknown', why: 'no-rsam', hours: 0, at: null };
  }
  const at = series.times[n - 1]!;
  const end = at + series.windowSec;
  if (nowSec - end >= rule.silentMinutes * 60)
    return failure ? { state: 'error', message: failure, at } : { state: 'silent', at, sinceSec: end };
  const base = baselineOf(series, rule);
  if (base.hours < rule.minBaselineHours || !(base.value > 0))
    return { state: 'unknown', why: 'too-little', hours: base.hours, at };
  const level = levelAt(series, n - 1, rule.levelWindows);
  const ratio = level / base.value;
  const elevated = limitOf(rule.elevated, base.value);
  const high = limitOf(rule.high, base.value);
  // Only the windows that can belong to an episode still open are judged: the hold and the gap
  // back from the newest, then further while the run goes on.
  const levels = new Map<number, number>();
  const lvl = (i: number) => {
    let v = levels.get(i);
    if (v === undefined) levels.set(i, (v = levelAt(series, i, rule.levelWindows)));
    return v;
  };
  const episodeRule = { minDurationSec: 0, mergeGapSec: rule.mergeGapMinutes * 60 };
  // Walk back from the newest window while windows can belong to an episode still open: one
  // above, or one below less than the gap before the earliest above found (or the newest's end).
  let from = n - 1;
  let reach = end;
  for (let i = n - 1; i >= 0; i--) {
    const t = series.times[i]!;
    const above = lvl(i) >= elevated;
    if (!above && reach - (t + series.windowSec) >= episodeRule.mergeGapSec) break;
    if (above) reach = t;
    from = i;
  }
  const episodes = episodesOf(series.times, series.windowSec, (i) => lvl(i) >= elevated, lvl, episodeRule, from);
  const open = episodes.find((e) => end - e.end < episodeRule.mergeGapSec);
  const base0 = { level, baseline: base.value, ratio, at };
  if (!open) return { state: 'normal', ...base0, grade: null, since: null, sinceAtLeast: false, firesAt: null };
  const holdSec = rule.holdMinutes * 60;
  const held = open.end - open.start >= holdSec;
  // High once the level has held above the high limit for the hold as well.
  const highRuns = episodesOf(
    series.times,
    series.windowSec,
    (i) => lvl(i) >= high,
    lvl,
    { minDurationSec: holdSec, mergeGapSec: episodeRule.mergeGapSec },
    lowerBound(series.times, open.start),
  );
  const grade: Grade = highRuns.length > 0 || (!held && level >= high) ? 'high' : 'elevated';
  const sinceAtLeast = open.start <= series.times[0]!;
  return held
    ? { state: 'firing', ...base0, grade, since: open.start, sinceAtLeast, firesAt: null }
    : { state: 'pending', ...base0, grade, since: open.start, sinceAtLeast, firesAt: open.start + holdSec };
}

/** How much a state asks of a person, for ordering and for "rose": more is worse. */
export function severity(s: ChannelStatus): number {
  switch (s.state) {
    case 'firing':
      return s.grade === 'high' ? 6 : 5;
    case 'silent':
      return 4;
    case 'error':
      return 3;
    case 'pending':
      return 2;
    case 'unknown':
      return 1;
    case 'normal':
      return 0;
  }
}

/** Whether a state asks a person to look (sound, notification, acknowledgement). */
export const needsAttention = (s: ChannelStatus) => s.state === 'firing' || s.state === 'silent';

export interface WatchedChannel {
  station: string;
  /** `NET.STA.LOC.CHA`. */
  id: string;
}

/**
 * The channel that speaks for each station of a volcano: its vertical channel on the overview
 * charts, else the station's first vertical component (…Z). Every station is watched, not only
 * those the charts show: a dead station the charts leave out is still a dead station.
 */
export function watchedChannels(v: Volcano): WatchedChannel[] {
  return v.stations.flatMap((s) => {
    const shown = v.verticalChannels.find((id) => id.startsWith(`${s.network}.${s.station}.`));
    const z = s.channels.find((c) => c.endsWith('Z'));
    const id = shown ?? (z ? `${s.network}.${s.station}..${z}` : null);
    return id ? [{ station: s.station, id }] : [];
  });
}

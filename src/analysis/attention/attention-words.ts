/**
 * Attention in words, the same on the wall, the home page, notifications and the alert log: RSAM's
 * own words (normal, pending, elevated, high, silent, unknown, error), never an observatory's alert
 * levels (those are declarations people make, not a dashboard's reading).
 */
import { formatDuration } from '../../domain/time';
import { formatNumber } from '../../domain/format-number';
import { utcStamp } from '../../ui/utc-stamp';
import { severity, type AttentionRule, type ChannelStatus } from './attention';

/** The one word of a state, as shown on a badge. */
export function stateWord(s: ChannelStatus): string {
  return s.state === 'firing' ? s.grade! : s.state;
}

/** "3.4", "25", "1.1": two significant figures below 10, whole above. */
export function ratioText(r: number): string {
  return r >= 10 ? formatNumber(Math.round(r)) : (Math.round(r * 10) / 10).toFixed(1);
}

/** "24-hour", "7-day". */
function spanAdjective(hours: number): string {
  return hours % 24 === 0 && hours >= 48 ? `${hours / 24}-day` : `${formatNumber(hours)}-hour`;
}

/** "RSAM 1.1 × its 24-hour median": what a calm volcano says. */
export function ratioPhrase(s: Extract<ChannelStatus, { level: number }>, rule: AttentionRule): string {
  return `RSAM ${ratioText(s.ratio)} × its ${spanAdjective(rule.baselineHours)} median`;
}

/**
 * A level in a few words, as the wall's header says it: "RSAM 1.1 × its 24-hour median", or under a
 * session's level in counts (the wall's `alert=AV.CLCL..BHZ:5000`) "RSAM 5,310 counts, limit 5,000".
 */
export function levelPhrase(s: Extract<ChannelStatus, { level: number }>, rule: AttentionRule): string {
  return rule.elevated.kind === 'counts'
    ? `RSAM ${formatNumber(Math.round(s.level))} counts, limit ${formatNumber(rule.elevated.counts)}`
    : ratioPhrase(s, rule);
}

/** "25 ×", or under a level in counts "5,310 counts": a station's level in the wall's strip. */
export function levelShort(s: Extract<ChannelStatus, { level: number }>, rule: AttentionRule): string {
  return rule.elevated.kind === 'counts'
    ? `${formatNumber(Math.round(s.level))} counts`
    : `${ratioText(s.ratio)} ×`;
}

/** "RSAM 25 × its 24-hour median (4,692 counts)". */
function levelText(s: Extract<ChannelStatus, { level: number }>, rule: AttentionRule): string {
  const counts = `${formatNumber(Math.round(s.level))} counts`;
  if (rule.elevated.kind === 'counts')
    return `RSAM ${counts} (limit ${formatNumber(rule.elevated.counts)} counts; ${ratioText(s.ratio)} × its ${spanAdjective(rule.baselineHours)} median)`;
  return `RSAM ${ratioText(s.ratio)} × its ${spanAdjective(rule.baselineHours)} median (${counts})`;
}

/**
 * "since 00:40 UTC", or where the episode reaches back to the first window loaded (it may have begun
 * before it) "since at least 2026-11-19 00:00 UTC".
 */
export function sinceText(s: Extract<ChannelStatus, { level: number }>, nowMs: number): string {
  return `since ${s.sinceAtLeast ? 'at least ' : ''}${utcStamp(s.since! * 1000, nowMs)}`;
}

/**
 * What a channel's status says, whole: "elevated: RSAM 25 × its 24-hour median (4,692 counts) since
 * 00:40 UTC", "silent since 00:19 UTC (41 min)". `now` in ms, for the ages and the dates.
 */
export function statusText(s: ChannelStatus, rule: AttentionRule, nowMs: number): string {
  switch (s.state) {
    case 'unknown':
      return s.why === 'no-rsam'
        ? 'unknown: no RSAM to judge'
        : `unknown: ${formatNumber(Math.round(s.hours * 10) / 10)} h of RSAM, ${formatNumber(rule.minBaselineHours)} h needed to judge`;
    case 'error':
      return `error: ${s.message}`;
    case 'silent':
      return `silent since ${utcStamp(s.sinceSec * 1000, nowMs)} (${formatDuration(nowMs - s.sinceSec * 1000)})`;
    case 'normal':
      return `normal: ${levelText(s, rule)}`;
    case 'pending':
      return `pending: ${levelText(s, rule)} ${sinceText(s, nowMs)}, ${s.grade} if it holds until ${utcStamp(s.firesAt! * 1000, nowMs)}`;
    case 'firing':
      return `${s.grade}: ${levelText(s, rule)} ${sinceText(s, nowMs)}`;
  }
}

export interface StationAttention {
  station: string;
  channelId: string;
  status: ChannelStatus;
  rule: AttentionRule;
}

export interface VolcanoAttention {
  vnum: number;
  name: string;
  stations: readonly StationAttention[];
  /** The station asking most of a person (ties: the first listed); null with no station. */
  worst: StationAttention | null;
}

/** Stations worst first, then as listed. */
export function byWorst<T extends { status: ChannelStatus }>(list: readonly T[]): T[] {
  return list
    .map((x, i) => ({ x, i }))
    .sort((a, b) => severity(b.x.status) - severity(a.x.status) || a.i - b.i)
    .map(({ x }) => x);
}

export function volcanoAttention(vnum: number, name: string, stations: readonly StationAttention[]): VolcanoAttention {
  return { vnum, name, stations, worst: byWorst(stations)[0] ?? null };
}

/** The volcano's one word: the worst state of its level (firing, pending, normal), else unknown. */
export function volcanoWord(v: VolcanoAttention): string {
  if (!v.worst) return 'cameras only';
  const levels = byWorst(v.stations.filter((s) => ['firing', 'pending', 'normal'].includes(s.status.state)));
  const top = levels[0];
  if (top) return stateWord(top.status);
  return 'unknown';
}

/** A volcano's severity for ordering and the colour: the worst of its stations, −1 for cameras only. */
export const volcanoSeverity = (v: VolcanoAttention) => (v.worst ? severity(v.worst.status) : -1);

const plural = (n: number, one: string) => `${formatNumber(n)} ${one}${n === 1 ? '' : 's'}`;

/**
 * The wall header's summary: "Poás elevated · 1 station silent", "All calm: RSAM normal at every
 * station", naming each volcano whose level is pending or fires.
 */
export function attentionSummary(all: readonly VolcanoAttention[]): string {
  const parts: string[] = [];
  for (const v of [...all].sort((a, b) => volcanoSeverity(b) - volcanoSeverity(a))) {
    const w = volcanoWord(v);
    if (w === 'elevated' || w === 'high' || w === 'pending') parts.push(`${v.name} ${w}`);
  }
  const count = (state: ChannelStatus['state']) =>
    all.reduce((n, v) => n + v.stations.filter((s) => s.status.state === state).length, 0);
  const silent = count('silent');
  const unknown = count('unknown');
  const errors = count('error');
  if (silent) parts.push(`${plural(silent, 'station')} silent`);
  if (errors) parts.push(`${plural(errors, 'station')} failing to load`);
  if (unknown) parts.push(`${plural(unknown, 'station')} unknown`);
  if (parts.length === 0) return 'All calm: RSAM normal at every station';
  return parts.join(' · ');
}

const levelRule = (l: AttentionRule['elevated'], hours: number) =>
  l.kind === 'ratio'
    ? `${formatNumber(l.ratio)} × its ${spanAdjective(hours)} median`
    : `${formatNumber(l.counts)} counts`;

/**
 * The rule in one line, beside every state, count and export: "elevated at 3 × its 24-hour median
 * (high at 10 ×), the median of the last 10 windows held 10 min, dips under 10 min merged; silent
 * after 10 min without a window".
 */
export function ruleText(r: AttentionRule): string {
  const high =
    r.high.kind === 'ratio' && r.elevated.kind === 'ratio'
      ? `${formatNumber(r.high.ratio)} ×`
      : Number.isFinite(limitOfLevel(r.high))
        ? levelRule(r.high, r.baselineHours)
        : null;
  return (
    `elevated at ${levelRule(r.elevated, r.baselineHours)}${high ? ` (high at ${high})` : ''}, ` +
    `the median of the last ${formatNumber(r.levelWindows)} windows held ${formatNumber(r.holdMinutes)} min, ` +
    `dips under ${formatNumber(r.mergeGapMinutes)} min merged; silent after ${formatNumber(r.silentMinutes)} min without a window`
  );
}

const limitOfLevel = (l: AttentionRule['elevated']) => (l.kind === 'ratio' ? l.ratio : l.counts);

/** The rule as a legend: "Elevated: 3 × its 24-hour median held 10 min · high: 10 × · silent: no window for 10 min". */
export function legendText(r: AttentionRule): string {
  const high = r.high.kind === 'ratio' ? `${formatNumber(r.high.ratio)} ×` : `${formatNumber(r.high.counts)} counts`;
  return (
    `Elevated: ${levelRule(r.elevated, r.baselineHours)}, held ${formatNumber(r.holdMinutes)} min · high: ${high} · ` +
    `pending: not yet held · silent: no window for ${formatNumber(r.silentMinutes)} min`
  );
}

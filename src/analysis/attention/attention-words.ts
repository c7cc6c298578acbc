/**
 * Attention in words, the same on the wall, the home page, notifications and the alert log: RSAM's
 * own words (normal, pending, elevated, high, silent, unknown, error), never an observatory's alert
 * levels (those are declarations people make, not a dashboard's reading). In the app's language:
 * the words a state is known by in the code (stateWord, volcanoWord) stay English keys; stateLabel
 * says them.
 */
import { plural, t } from '@lingui/core/macro';
import { formatDuration } from '../../domain/time';
import { formatFixed, formatNumber } from '../../domain/format-number';
import { utcStamp } from '../../ui/utc-stamp';
import { severity, type AttentionRule, type ChannelStatus } from './attention';

/** The one word of a state, its key in the code (`elevated`, `silent`, `cameras only`…). */
export function stateWord(s: ChannelStatus): string {
  return s.state === 'firing' ? s.grade! : s.state;
}

/** A state's word as shown on a badge, in the app's language. */
export function stateLabel(word: string): string {
  switch (word) {
    case 'normal':
      return t`normal`;
    case 'pending':
      return t`pending`;
    case 'elevated':
      return t`elevated`;
    case 'high':
      return t`high`;
    case 'silent':
      return t`silent`;
    case 'unknown':
      return t`unknown`;
    case 'error':
      return t`error`;
    case 'cameras only':
      return t`cameras only`;
    default:
      return word;
  }
}

/** "3.4", "25", "1.1": two significant figures below 10, whole above. */
export function ratioText(r: number): string {
  return r >= 10 ? formatNumber(Math.round(r)) : formatFixed(Math.round(r * 10) / 10, 1);
}

/** "its 24-hour median", "its 7-day median". */
function medianOver(hours: number): string {
  if (hours % 24 === 0 && hours >= 48) {
    const days = hours / 24;
    return t`its ${days}-day median`;
  }
  const h = formatNumber(hours);
  return t`its ${h}-hour median`;
}

/** "RSAM 1.1 × its 24-hour median": what a calm volcano says. */
export function ratioPhrase(s: Extract<ChannelStatus, { level: number }>, rule: AttentionRule): string {
  const ratio = ratioText(s.ratio);
  const median = medianOver(rule.baselineHours);
  return t`RSAM ${ratio} × ${median}`;
}

/**
 * A level in a few words, as the wall's header says it: "RSAM 1.1 × its 24-hour median", or under a
 * session's level in counts (the wall's `alert=AV.CLCL..BHZ:5000`) "RSAM 5,310 counts, limit 5,000".
 */
export function levelPhrase(s: Extract<ChannelStatus, { level: number }>, rule: AttentionRule): string {
  if (rule.elevated.kind !== 'counts') return ratioPhrase(s, rule);
  const level = formatNumber(Math.round(s.level));
  const limit = formatNumber(rule.elevated.counts);
  return t`RSAM ${level} counts, limit ${limit}`;
}

/** "25 ×", or under a level in counts "5,310 counts": a station's level in the wall's strip. */
export function levelShort(s: Extract<ChannelStatus, { level: number }>, rule: AttentionRule): string {
  if (rule.elevated.kind !== 'counts') return `${ratioText(s.ratio)} ×`;
  const level = formatNumber(Math.round(s.level));
  return t`${level} counts`;
}

/** "RSAM 25 × its 24-hour median (4,692 counts)". */
function levelText(s: Extract<ChannelStatus, { level: number }>, rule: AttentionRule): string {
  const level = formatNumber(Math.round(s.level));
  const ratio = ratioText(s.ratio);
  const median = medianOver(rule.baselineHours);
  if (rule.elevated.kind === 'counts') {
    const limit = formatNumber(rule.elevated.counts);
    return t`RSAM ${level} counts (limit ${limit} counts; ${ratio} × ${median})`;
  }
  return t`RSAM ${ratio} × ${median} (${level} counts)`;
}

/**
 * "since 00:40 UTC", or where the episode reaches back to the first window loaded (it may have begun
 * before it) "since at least 2026-11-19 00:00 UTC".
 */
export function sinceText(s: Extract<ChannelStatus, { level: number }>, nowMs: number): string {
  const at = utcStamp(s.since! * 1000, nowMs);
  return s.sinceAtLeast ? t`since at least ${at}` : t`since ${at}`;
}

/**
 * What a channel's status says after its word: "RSAM 25 × its 24-hour median (4,692 counts) since
 * 00:40 UTC"; silence is said whole ("silent since 00:19 UTC (41 min)"), with no word before it.
 */
export function statusDetail(s: ChannelStatus, rule: AttentionRule, nowMs: number): string {
  switch (s.state) {
    case 'unknown': {
      if (s.why === 'no-rsam') return t`no RSAM to judge`;
      const hours = formatNumber(Math.round(s.hours * 10) / 10);
      const needed = formatNumber(rule.minBaselineHours);
      return t`${hours} h of RSAM, ${needed} h needed to judge`;
    }
    case 'error':
      return s.message;
    case 'silent': {
      const at = utcStamp(s.sinceSec * 1000, nowMs);
      const age = formatDuration(nowMs - s.sinceSec * 1000);
      return t`silent since ${at} (${age})`;
    }
    case 'normal':
      return levelText(s, rule);
    case 'pending': {
      const level = levelText(s, rule);
      const since = sinceText(s, nowMs);
      const grade = stateLabel(s.grade!);
      const until = utcStamp(s.firesAt! * 1000, nowMs);
      return t`${level} ${since}, ${grade} if it holds until ${until}`;
    }
    case 'firing':
      return `${levelText(s, rule)} ${sinceText(s, nowMs)}`;
  }
}

/**
 * What a channel's status says, whole: "elevated: RSAM 25 × its 24-hour median (4,692 counts) since
 * 00:40 UTC", "silent since 00:19 UTC (41 min)". `now` in ms, for the ages and the dates.
 */
export function statusText(s: ChannelStatus, rule: AttentionRule, nowMs: number): string {
  const detail = statusDetail(s, rule, nowMs);
  return s.state === 'silent' ? detail : `${stateLabel(stateWord(s))}: ${detail}`;
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

/** What the summary says when nothing asks for anyone: the wall's header then shows it calm. */
export function allCalmText(): string {
  return t`All calm: RSAM normal at every station`;
}

/**
 * The wall header's summary: "Poás elevated · 1 station silent", "All calm: RSAM normal at every
 * station", naming each volcano whose level is pending or fires.
 */
export function attentionSummary(all: readonly VolcanoAttention[]): string {
  const parts: string[] = [];
  for (const v of [...all].sort((a, b) => volcanoSeverity(b) - volcanoSeverity(a))) {
    const w = volcanoWord(v);
    if (w === 'elevated' || w === 'high' || w === 'pending') {
      const { name } = v;
      const word = stateLabel(w);
      parts.push(t`${name} ${word}`);
    }
  }
  const count = (state: ChannelStatus['state']) =>
    all.reduce((n, v) => n + v.stations.filter((s) => s.status.state === state).length, 0);
  const silent = count('silent');
  const unknown = count('unknown');
  const errors = count('error');
  if (silent) parts.push(plural(silent, { one: '# station silent', other: '# stations silent' }));
  if (errors) parts.push(plural(errors, { one: '# station failing to load', other: '# stations failing to load' }));
  if (unknown) parts.push(plural(unknown, { one: '# station unknown', other: '# stations unknown' }));
  if (parts.length === 0) return allCalmText();
  return parts.join(' · ');
}

function levelRule(l: AttentionRule['elevated'], hours: number): string {
  if (l.kind === 'ratio') return `${formatNumber(l.ratio)} × ${medianOver(hours)}`;
  const counts = formatNumber(l.counts);
  return t`${counts} counts`;
}

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
  const elevated = levelRule(r.elevated, r.baselineHours);
  const windows = formatNumber(r.levelWindows);
  const hold = formatNumber(r.holdMinutes);
  const merge = formatNumber(r.mergeGapMinutes);
  const silent = formatNumber(r.silentMinutes);
  const highAt = high ? ' ' + t`(high at ${high})` : '';
  return (
    t`elevated at ${elevated}` +
    highAt +
    ', ' +
    t`the median of the last ${windows} windows held ${hold} min, dips under ${merge} min merged; silent after ${silent} min without a window`
  );
}

const limitOfLevel = (l: AttentionRule['elevated']) => (l.kind === 'ratio' ? l.ratio : l.counts);

/** The rule as a legend: "Elevated: 3 × its 24-hour median held 10 min · high: 10 × · silent: no window for 10 min". */
export function legendText(r: AttentionRule): string {
  const highCounts = formatNumber(r.high.kind === 'ratio' ? r.high.ratio : r.high.counts);
  const high = r.high.kind === 'ratio' ? `${highCounts} ×` : t`${highCounts} counts`;
  const elevated = levelRule(r.elevated, r.baselineHours);
  const hold = formatNumber(r.holdMinutes);
  const silent = formatNumber(r.silentMinutes);
  return t`Elevated: ${elevated}, held ${hold} min · high: ${high} · pending: not yet held · silent: no window for ${silent} min`;
}

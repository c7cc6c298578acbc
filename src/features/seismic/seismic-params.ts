/**
 * The seismic view's URL state. A link such as
 * `/seismic?channels=AV.CLCL..BHZ,OV.VPCC..HHZ&from=2025-01-01&to=2025-01-31&scale=log&tz=local&smooth=1h&layout=stacked`
 * reproduces the view; relative ranges (`from=now-6h&to=now`, the grammar of domain/relative-time.ts)
 * stay relative and are resolved when used.
 */
import * as v from 'valibot';
import { t } from '@lingui/core/macro';
import { formatChannelId, parseChannelId, type ChannelRef } from '../../domain/channel-id';
import {
  describeRelative,
  formatRelative,
  parseRelative,
  RELATIVE_HELP,
  relativeMs,
  resolveRelative,
  type RelativeUnit,
} from '../../domain/relative-time';
import { group, list, oneOf, param, parsedWith, parseUrl, type UrlSchema } from '../../ui/url-schema';
import {
  DAY_MS,
  formatIsoDay,
  monthChunks,
  parseIsoDay,
  startOfUtcDay,
  type UtcDayRange,
  type UtcMs,
} from '../../domain/time';
import { localDayOf, localDaysSpan } from '../../domain/local-time';
import { volcanoForStation, volcanoTimeZone } from '../../domain/volcanoes';
import { analysisParams, type AnalysisState } from './analysis/analysis-params';

export const MAX_CHANNELS = 6;
/** Two years of 1-minute RSAM for six channels is ~6 M points: more stops being a browser chart. */
const MAX_RANGE_DAYS = 732;

export type RangeParam =
  { kind: 'relative'; amount: number; unit: RelativeUnit } | { kind: 'absolute'; fromDay: UtcMs; toDay: UtcMs };

export const SMOOTHINGS = ['10m', '1h', '1d'] as const;
export type Smoothing = (typeof SMOOTHINGS)[number];
export const SMOOTH_SECONDS: Record<Smoothing, number> = { '10m': 600, '1h': 3600, '1d': 86400 };

export interface SeismicViewState extends AnalysisState {
  channels: ChannelRef[];
  range: RangeParam;
  scale: 'linear' | 'log';
  tz: 'utc' | 'local';
  smooth: Smoothing | null;
  stat: 'mean' | 'median';
  layout: 'overlay' | 'stacked';
  /** Zoomed x range in unix seconds, or null for the whole range. */
  view: readonly [number, number] | null;
}

export const PRESETS = [
  { label: '24 h', amount: 24, unit: 'h' },
  { label: '7 d', amount: 7, unit: 'd' },
  { label: '30 d', amount: 30, unit: 'd' },
  { label: '1 y', amount: 1, unit: 'y' },
] as const satisfies ReadonlyArray<{ label: string; amount: number; unit: RelativeUnit }>;

function formatRange(r: RangeParam): { from: string; to: string } {
  if (r.kind === 'relative') return { from: formatRelative(r), to: 'now' };
  return { from: formatIsoDay(r.fromDay), to: formatIsoDay(r.toDay) };
}

/** "2025-03-10 UTC" or "2025-03-10 at America/Santiago": a day and the clock it is counted by. */
function dayIn(day: UtcMs, zone: string): string {
  const d = formatIsoDay(day);
  return zone === 'UTC' ? `${d} UTC` : t`${d} at ${zone}`;
}

/**
 * Why a range cannot be sent, or null when it can. Absolute days are inclusive days of `zone`: UTC
 * days (the service's, spec 01 §4.1), or in local-time mode the local days of the chart's zone.
 */
export function rangeProblem(r: RangeParam, now: UtcMs, zone = 'UTC'): string | null {
  if (r.kind === 'relative') {
    if (r.amount < 1) return t`The range must not be empty: write now-15m, now-6h, now-7d or now-1y.`;
    if (relativeMs(r) > MAX_RANGE_DAYS * DAY_MS)
      return t`The range is longer than ${MAX_RANGE_DAYS} days; choose a shorter one.`;
    return null;
  }
  const today = localDayOf(zone, now);
  if (r.fromDay > r.toDay) return t`The start day is after the end day.`;
  const todayIn = dayIn(today, zone);
  if (r.fromDay > today) return t`The start day is after today (${todayIn}): there is no data yet.`;
  if (r.toDay > today) return t`The end day is after today (${todayIn}): choose today or earlier.`;
  const days = (r.toDay - r.fromDay) / DAY_MS + 1;
  if (days > MAX_RANGE_DAYS) return t`The range spans ${days} days; at most ${MAX_RANGE_DAYS} can be shown at once.`;
  return null;
}

/** The zone the view's times are in: the first channel's volcano's in local-time mode, else UTC. */
export function chartZoneOf(s: Pick<SeismicViewState, 'channels' | 'tz'>): string {
  const first = s.channels[0];
  const volcano = first ? volcanoForStation(first.network, first.station) : undefined;
  return s.tz === 'local' && volcano ? volcanoTimeZone(volcano.vnum) : 'UTC';
}

const relative = (s: string) => parseRelative(s)?.value ?? null;

/** `from` and `to` read together: a relative start with `to=now`, or inclusive UTC days. */
const rangeSchema = v.pipe(
  v.object({
    from: v.optional(
      parsedWith(
        (s) => relative(s) ?? parseIsoDay(s),
        () => t`must be a day YYYY-MM-DD or ${RELATIVE_HELP}`,
      ),
    ),
    to: v.optional(v.string()),
  }),
  v.forward(
    v.check(
      ({ from }) => from !== undefined,
      () => t`needs a from`,
    ),
    ['to'],
  ),
  v.forward(
    v.check(
      ({ from, to }) =>
        to === undefined || (typeof from === 'number' ? parseIsoDay(to) !== null : relative(to)?.amount === 0),
      ({ input }) =>
        typeof input.from === 'number' ? t`must be a day YYYY-MM-DD` : t`a relative start (now-…) needs to=now`,
    ),
    ['to'],
  ),
  v.transform(({ from, to }): RangeParam =>
    typeof from === 'object'
      ? { kind: 'relative', ...from! }
      : { kind: 'absolute', fromDay: from!, toDay: to === undefined ? from! : parseIsoDay(to)! },
  ),
);

/** The view's table; `now` dates the relative ranges and "after today". */
export function seismicUrl(now: UtcMs): UrlSchema<SeismicViewState> {
  return {
    params: {
      channels: list({
        separator: ',',
        item: parsedWith(parseChannelId, () => t`not a channel id NET.STA.LOC.CHA such as AV.CLCL..BHZ`),
        collect(items, { drop }) {
          const ids = new Set<string>();
          const out: ChannelRef[] = [];
          for (const value of items) {
            const id = formatChannelId(value);
            if (ids.has(id)) continue;
            if (out.length >= MAX_CHANNELS) drop(id, t`at most ${MAX_CHANNELS} channels at once`);
            else out.push(value);
            ids.add(id);
          }
          return out;
        },
        default: [],
        serialize: (channels) => channels.map(formatChannelId),
      }),
      range: group({
        keys: ['from', 'to'],
        schema: rangeSchema,
        default: { kind: 'relative', amount: 7, unit: 'd' },
        serialize: formatRange,
        always: true,
        // Written before the grammar was shared: leading zeros, spaces, or no to=now.
        rewrites: true,
      }),
      scale: param(oneOf(['linear', 'log']), 'linear'),
      tz: param(oneOf(['utc', 'local']), 'utc'),
      smooth: param(oneOf(SMOOTHINGS), null),
      stat: param(oneOf(['mean', 'median']), 'mean'),
      layout: param(oneOf(['overlay', 'stacked']), 'overlay'),
      view: param(
        parsedWith(
          (s) => {
            const m = /^(\d{9,11})-(\d{9,11})$/.exec(s);
            const a = Number(m?.[1]);
            const b = Number(m?.[2]);
            return a < b ? ([a, b] as const) : null;
          },
          () => t`must be a zoom range start-end in unix seconds`,
        ),
        null,
        { serialize: (z) => `${Math.round(z[0])}-${Math.round(z[1])}` },
      ),
      ...analysisParams(),
    },
    check(s, { drop }) {
      const problem = rangeProblem(s.range, now, chartZoneOf(s));
      if (problem) drop('range', problem.replace(/\.$/, ''));
    },
    unknown: t`not a setting of this view`,
  };
}

export const DEFAULT_STATE: SeismicViewState = parseUrl(seismicUrl(0), new URLSearchParams()).params;

export interface ResolvedRange {
  /** The instants shown (ms). */
  fromMs: UtcMs;
  toMs: UtcMs;
  /** The inclusive UTC days requested (start of each day): every UTC day the shown span touches. */
  fromDay: UtcMs;
  toDay: UtcMs;
  /** The first and last day of the span in `zone` (wall days, fields as UTC): the form's From and To. */
  fromLocalDay: UtcMs;
  toLocalDay: UtcMs;
  zone: string;
}

/**
 * The instants a range shows and the UTC days to ask for them. Absolute days are days of `zone`: a
 * local day is [its midnight, the next one) (a skipped midnight starts the day at the jump), and
 * its span usually touches two UTC days, both asked for.
 */
export function resolveRange(r: RangeParam, now: UtcMs, zone = 'UTC'): ResolvedRange {
  if (r.kind === 'absolute') {
    const span = localDaysSpan(zone, r.fromDay, r.toDay);
    const fromMs = span.start;
    const toMs = span.end + 1;
    return {
      fromMs,
      toMs,
      fromDay: startOfUtcDay(fromMs),
      toDay: startOfUtcDay(toMs - 1),
      fromLocalDay: r.fromDay,
      toLocalDay: r.toDay,
      zone,
    };
  }
  const fromMs = resolveRelative(r, now);
  return {
    fromMs,
    toMs: now,
    fromDay: startOfUtcDay(fromMs),
    toDay: startOfUtcDay(now),
    fromLocalDay: localDayOf(zone, fromMs),
    toLocalDay: localDayOf(zone, now),
    zone,
  };
}

/**
 * Calendar-month chunks. Bodies are parsed in a worker, so a chunk's size no longer sets the main
 * thread's longest task; fewer, larger requests cost less per point (rate ledger, cache writes,
 * answers to fold in): a year of three channels loaded in 0.99× the floor as 39 monthly requests
 * against 1.34× as 75 half-months (`npm run bench`, same machine and hour).
 */
export function rangeChunks(fromDay: UtcMs, toDay: UtcMs): UtcDayRange[] {
  return monthChunks(fromDay, toDay);
}

export function describeRange(r: RangeParam, zone = 'UTC'): string {
  if (r.kind === 'relative') return describeRelative(r);
  const from = formatIsoDay(r.fromDay);
  const to = formatIsoDay(r.toDay);
  if (zone === 'UTC') return r.fromDay === r.toDay ? t`${from} (UTC day)` : t`${from} to ${to} (inclusive UTC days)`;
  return r.fromDay === r.toDay ? t`${from} (local day, ${zone})` : t`${from} to ${to} (inclusive local days, ${zone})`;
}

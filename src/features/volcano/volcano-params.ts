/**
 * The volcano view's URL state. Relative bounds (`now-7d`, the grammar of domain/relative-time.ts)
 * are kept as written and resolved when used, so a shared "last 7 days" link stays relative.
 */
import { t } from '@lingui/core/macro';
import * as v from 'valibot';
import { DAY_MS, HOUR_MS, MINUTE_MS, parseDay, parseIsoDay, type UtcMs } from '../../domain/time';
import { formatRelative, NOW, parseRelative, resolveRelative, type RelativeTime } from '../../domain/relative-time';
import { formatChannelId, parseChannelId, type ChannelRef } from '../../domain/channel-id';
import type { Volcano } from '../../domain/volcanoes';
import { group, list, oneOf, param, parsedWith, type UrlSchema } from '../../ui/url-schema';

/** A range bound as written in the address. */
export type TimeBound =
  | { kind: 'relative'; rel: RelativeTime; text: string }
  | { kind: 'day'; dayStart: UtcMs; text: string }
  | { kind: 'instant'; t: UtcMs; text: string };

export type DisplayZone = 'utc' | 'local';

export interface BoundPair {
  from: TimeBound;
  to: TimeBound;
}

export interface VolcanoParams {
  /** The channels charted, any of the volcano's stations'; none = its vertical channels. */
  channels: ChannelRef[];
  range: BoundPair;
  tz: DisplayZone;
  /** Cursor instant (UTC ms). */
  at?: UtcMs;
  /** Selected image id. */
  frame?: string;
  /** Span chosen for the time-lapse and the evidence pack (UTC ms, whole seconds). */
  span?: { from: UtcMs; to: UtcMs };
  /** Event threshold: RSAM above n × its running median. */
  n: number;
}

export const DEFAULT_N = 3;
/** As the seismic view's: more lines than this stop being readable on one chart. */
export const MAX_VOLCANO_CHANNELS = 6;

/** The channel ids charted: those chosen, else the volcano's vertical channels. */
export function chartedChannels(p: Pick<VolcanoParams, 'channels'>, v: Volcano): readonly string[] {
  return p.channels.length ? p.channels.map(formatChannelId) : v.verticalChannels;
}

/** Every channel of the volcano's stations, station by station. */
export function volcanoChannels(v: Volcano): string[] {
  return v.stations.flatMap((s) => s.channels.map((c) => `${s.network}.${s.station}..${c}`));
}
export const MIN_N = 1.5;
export const MAX_N = 50;

const relativeBound = (rel: RelativeTime): TimeBound => ({ kind: 'relative', rel, text: formatRelative(rel) });

export const DEFAULT_RANGE: BoundPair = { from: relativeBound({ amount: 7, unit: 'd' }), to: relativeBound(NOW) };

const ISO_INSTANT = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,3})?)?Z$/;

/** `YYYY-MM-DDTHH:MM[:SS[.fff]]Z` → UTC ms; null when malformed or not a real date. */
export function parseIsoInstant(s: string): UtcMs | null {
  const m = ISO_INSTANT.exec(s);
  if (!m) return null;
  const day = parseDay(`${m[1]}-${m[2]}-${m[3]}`);
  const h = Number(m[4]);
  const mi = Number(m[5]);
  const sec = Number(m[6] ?? 0);
  if (day === null || h > 23 || mi > 59 || sec > 59) return null;
  return day + h * HOUR_MS + mi * MINUTE_MS + sec * 1000;
}

/**
 * `now`, `now-15m`, `now-6h`, `now-7d`, `now-1y`, a UTC day `YYYY-MM-DD`, or a UTC instant `…Z`.
 * `text` is the canonical form, which differs from `s` when an old form was read.
 */
export function parseBound(s: string): TimeBound | null {
  const rel = parseRelative(s);
  if (rel) return relativeBound(rel.value);
  const text = s.trim();
  const day = parseIsoDay(text);
  if (day !== null) return { kind: 'day', dayStart: day, text };
  const t = parseIsoInstant(text);
  if (t !== null) return { kind: 'instant', t, text };
  return null;
}

/** An instant as the address writes it: whole seconds, `Z`. */
export function formatInstant(t: UtcMs): string {
  return new Date(Math.round(t / 1000) * 1000).toISOString().replace('.000Z', 'Z');
}

export function instantBound(t: UtcMs): TimeBound {
  return { kind: 'instant', t, text: formatInstant(t) };
}

/**
 * A day bound as `from` is the day's start; as `to` it is the day's end, so
 * `from=2025-03-01&to=2025-03-07` covers seven whole UTC days.
 */
export function resolveBound(b: TimeBound, now: UtcMs, role: 'from' | 'to'): UtcMs {
  if (b.kind === 'relative') return resolveRelative(b.rel, now);
  if (b.kind === 'instant') return b.t;
  return role === 'to' ? b.dayStart + DAY_MS : b.dayStart;
}

export interface VolcanoRange {
  from: UtcMs;
  to: UtcMs;
}

export function resolveVolcanoRange(p: BoundPair, now: UtcMs): VolcanoRange {
  return { from: resolveBound(p.from, now, 'from'), to: resolveBound(p.to, now, 'to') };
}

/** Shortest range the view zooms to: below this the lanes hold only a frame or two. */
export const MIN_RANGE_MS = 5 * MINUTE_MS;
/** Longest selectable span: a month of hourly frames is already 700+ per camera. */
export const MAX_SPAN_MS = 31 * DAY_MS;

// Said when a bad bound is read (in the language shown then), not when the module loads.
const boundHelp = () =>
  t`use a UTC day (2025-03-01), an instant (2025-03-01T06:00:00Z) or now-15m, now-6h, now-7d or now-1y`;

/**
 * The view's table; `now` resolves the relative bounds for the range's minimum length, and
 * `volcano`'s stations are the channels it may chart.
 */
export function volcanoUrl(now: UtcMs, volcano?: Volcano): UrlSchema<VolcanoParams> {
  return {
    params: {
      channels: list({
        separator: ',',
        item: parsedWith(parseChannelId, () => t`not a channel id NET.STA.LOC.CHA such as OV.VPCC..HHZ`),
        collect(items, { drop }) {
          const own = volcano ? new Set(volcanoChannels(volcano)) : null;
          const out: ChannelRef[] = [];
          for (const c of items) {
            const id = formatChannelId(c);
            if (out.some((o) => formatChannelId(o) === id)) continue;
            const name = volcano?.name ?? '';
            if (own && !own.has(id)) drop(id, t`not a channel of ${name}'s stations`);
            else if (out.length >= MAX_VOLCANO_CHANNELS) drop(id, t`at most ${MAX_VOLCANO_CHANNELS} channels at once`);
            else out.push(c);
          }
          return out;
        },
        default: [],
        serialize: (channels) => channels.map(formatChannelId),
      }),
      // Both bounds or neither are written, so a link shows the range it means.
      range: group({
        keys: ['from', 'to'],
        schema: v.object({
          from: v.optional(parsedWith(parseBound, boundHelp), DEFAULT_RANGE.from.text),
          to: v.optional(parsedWith(parseBound, boundHelp), DEFAULT_RANGE.to.text),
        }),
        default: DEFAULT_RANGE,
        serialize: (r) => ({ from: r.from.text, to: r.to.text }),
        rewrites: true,
        apart: true,
      }),
      tz: param(oneOf(['utc', 'local']), 'utc'),
      at: param(
        parsedWith(parseIsoInstant, () => t`must be a UTC instant like 2025-03-03T04:12:00Z`),
        undefined,
        {
          serialize: formatInstant,
        },
      ),
      frame: param(
        v.pipe(
          v.string(),
          v.regex(/^[A-Za-z0-9._-]{1,120}$/, () => t`not an image id`),
        ),
        undefined,
      ),
      span: param(
        v.pipe(
          v.string(),
          v.transform((s) => s.split('/')),
          v.check(
            (parts) => parts.length === 2 && parts.every((t) => parseIsoInstant(t) !== null),
            () => t`must be two UTC instants joined by a slash, like 2025-03-03T04:00:00Z/2025-03-03T06:00:00Z`,
          ),
          v.transform(([a, b]) => ({ from: parseIsoInstant(a!)!, to: parseIsoInstant(b!)! })),
          v.check(
            (s) => s.to - s.from >= MINUTE_MS && s.to - s.from <= MAX_SPAN_MS,
            () => t`must run forwards, from one minute to 31 days`,
          ),
        ),
        undefined,
        { serialize: (s) => `${formatInstant(s.from)}/${formatInstant(s.to)}` },
      ),
      n: param(
        parsedWith(
          (s) => (/^\d+(\.\d+)?$/.test(s) && Number(s) >= MIN_N && Number(s) <= MAX_N ? Number(s) : null),
          () => t`the event threshold must be a number from ${MIN_N} to ${MAX_N}`,
        ),
        DEFAULT_N,
      ),
    },
    check(p, { drop, raw, say }) {
      const r = resolveVolcanoRange(p.range, now);
      if (r.to - r.from >= MIN_RANGE_MS) return;
      drop('range');
      const from = raw('from');
      const to = raw('to');
      if (from !== null || to !== null) {
        const a = from ?? '';
        const b = to ?? '';
        say(
          t`Ignored the time range ${a} → ${b} in the address: it must run forwards and last at least 5 minutes; showing the last 7 days.`,
        );
      }
    },
  };
}

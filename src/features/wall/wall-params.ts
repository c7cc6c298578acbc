/**
 * The wall is configured by URL only (a TV has no keyboard): declared here, in one place, with
 * defaults. A bad value is dropped with a notice naming it; it never stops the wall.
 */
import { t } from '@lingui/core/macro';
import * as v from 'valibot';
import { ENDPOINT_BUDGETS } from '../../api/endpoints';
import { VOLCANOES, type Volcano } from '../../domain/volcanoes';
import { formatChannelId } from '../../domain/channel-id';
import { formatAlertRules, parseAlertRules, type AlertRule } from '../../analysis/alerts';
import { watchedChannels } from '../../analysis/attention/attention';
import { DAY_MS, MINUTE_MS } from '../../domain/time';
import {
  formatRelative,
  parseRelative,
  RELATIVE_HELP,
  relativeMs,
  shortRelative,
  type RelativeTime,
} from '../../domain/relative-time';
import { group, list, param, parsedWith, type UrlSchema } from '../../ui/url-schema';

export type WallTheme = 'dark' | 'light';

export interface WallParams {
  /** Volcanoes on the wall, in reference-table order. */
  volcanoes: readonly Volcano[];
  refreshSeconds: number;
  /** Seconds per page of tiles; null = no cycling, every tile on one page. */
  cycleSeconds: number | null;
  /** Tiles per page when cycling. */
  perPage: number;
  theme: WallTheme | null;
  /** `alert=AV.CLCL..BHZ:5000,OV.VPCC..HHZ:4x`: thresholds on channels shown on the wall. */
  alerts: readonly AlertRule[];
  /** `from=now-6h`: how far back the RSAM sparklines reach (to is always now). */
  range: RelativeTime;
}

export const DEFAULT_WALL_RANGE: RelativeTime = { amount: 24, unit: 'h' };
/** A sparkline narrower than this holds a handful of points; wider, a week is still one request a channel. */
const MIN_WALL_RANGE_MS = 15 * MINUTE_MS;
const MAX_WALL_RANGE_MS = 7 * DAY_MS;
const DEFAULT_PER_PAGE = 2;

/** Requests one refresh sends to each budgeted endpoint for these volcanoes. */
export function requestsPerRefresh(volcanoes: readonly Volcano[]): { 'seismic.rsam': number; 'imagery.q': number } {
  let rsam = 0;
  let imagery = 0;
  for (const v of volcanoes) {
    // One /rsam request per station's watched channel (yesterday..today, spec 01 §4.1).
    rsam += watchedChannels(v).length;
    // One /imagery/q request (limit 1, newest first) per camera site and image type it records.
    for (const s of v.cameraSites) imagery += s.imageTypes.length;
  }
  return { 'seismic.rsam': rsam, 'imagery.q': imagery };
}

/** Never refresh faster than this, whatever the arithmetic allows: a wall needs no more. */
export const ABSOLUTE_MIN_REFRESH_S = 5;
export const MAX_REFRESH_S = 3600;

/**
 * Shortest refresh that stays inside every per-endpoint budget (spec 01 §8) with all these
 * volcanoes on screen: n requests every r seconds is n·60/r per minute, which must be ≤ the limit,
 * so r ≥ 60·n/limit. All five volcanoes: /rsam 10 stations → 60·10/100 = 6 s; /imagery/q 8 cameras
 * (CLNE ×2, OKCF, VPMI ×2, RKPI, CV01, CV02) → 60·8/100 = 4.8 s; /seismic/sites once per 10 min.
 * So the floor is 6 s (/rsam: 10 stations → 60·10/100), and the default 60 s uses 8 % of the
 * /imagery/q budget and 10 % of /rsam.
 * Tries again after failures go one per endpoint per backoff period, so they add less than a
 * round; the shared rateLimiter queues anything over budget so the service never sees more.
 */
export function minRefreshSeconds(volcanoes: readonly Volcano[]): number {
  const n = requestsPerRefresh(volcanoes);
  let floor = ABSOLUTE_MIN_REFRESH_S;
  for (const key of ['seismic.rsam', 'imagery.q'] as const) {
    const b = ENDPOINT_BUDGETS[key];
    floor = Math.max(floor, Math.ceil((n[key] * b.windowMs) / 1000 / b.limit));
  }
  return floor;
}

const INT = /^\d{1,6}$/;
const whole = (s: string) => (INT.test(s.trim()) ? Number(s.trim()) : null);

const notAlert = (s: string) =>
  t`"${s}" is not CHANNEL:COUNTS or CHANNEL:Nx (e.g. AV.CLCL..BHZ:5000 or OV.VPCC..HHZ:4x)`;

/** What the wall does instead of a dropped value, ending its notice. */
const INSTEAD: Record<string, (p: WallParams) => string> = {
  refresh: (p) => t`using ${p.refreshSeconds} s`,
  cycle: () => t`not cycling`,
  perpage: (p) => t`using ${p.perPage}`,
  from: (p) => t`showing the last ${shortRelative(p.range)}`,
  to: () => t`the wall always ends now`,
};

/** The wall's table; `configuredRefresh` is config.json's refresh, used when the address names none. */
export function wallUrl(configuredRefresh: number): UrlSchema<WallParams> {
  return {
    params: {
      volcanoes: list({
        separator: ',',
        item: parsedWith(
          (s) => (INT.test(s) ? (VOLCANOES.find((vo) => vo.vnum === Number(s)) ?? null) : null),
          (s) => t`"${s}" is not a known volcano number`,
        ),
        collect(items, { say }) {
          const wanted = new Set(items);
          if (wanted.size) return VOLCANOES.filter((vo) => wanted.has(vo));
          say(t`volcanoes: no known volcano listed; showing all.`);
          return VOLCANOES;
        },
        default: VOLCANOES,
        serialize: (list) => list.map((vo) => String(vo.vnum)),
      }),
      refreshSeconds: param(
        v.pipe(
          parsedWith(whole, (s) => t`"${s}" is not a whole number of seconds`),
          v.maxValue(MAX_REFRESH_S, ({ input }) => t`${input} s is over ${MAX_REFRESH_S} s`),
        ),
        Math.min(MAX_REFRESH_S, configuredRefresh),
        { key: 'refresh' },
      ),
      // Absent, empty or 0: no cycling.
      cycleSeconds: param(
        v.pipe(
          v.string(),
          v.check(
            (s) => ['', '0'].includes(s.trim()) || ((whole(s) ?? 0) >= 5 && (whole(s) ?? 0) <= 3600),
            ({ input }) => t`"${input}" must be 5 to 3600 seconds`,
          ),
          v.transform((s) => whole(s) || null),
        ),
        null,
        { key: 'cycle' },
      ),
      perPage: param(
        parsedWith(
          (s) => {
            const n = whole(s);
            return n !== null && n >= 1 && n <= VOLCANOES.length ? n : null;
          },
          (s) => t`"${s}" must be 1 to ${VOLCANOES.length}`,
        ),
        DEFAULT_PER_PAGE,
        { key: 'perpage' },
      ),
      theme: param(
        v.picklist(['dark', 'light'], ({ input }) => t`"${String(input)}" must be dark or light`),
        null,
      ),
      alerts: list({
        key: 'alert',
        separator: ',',
        item: parsedWith((s) => parseAlertRules(s).rules[0] ?? null, notAlert),
        // A second rule for a channel is refused, in the words of a rule that cannot be read.
        collect(rules, { drop }) {
          const ids = new Set<string>();
          return rules.filter((r) => {
            const id = formatChannelId(r.channel);
            if (!ids.has(id)) {
              ids.add(id);
              return true;
            }
            drop(formatAlertRules([r]), notAlert(formatAlertRules([r])));
            return false;
          });
        },
        default: [],
        serialize: (rules) => rules.map((r) => formatAlertRules([r])),
      }),
      // `from=now-6h`; `to` may only be now, the end of every sparkline.
      range: group({
        keys: ['from', 'to'],
        schema: v.pipe(
          v.object({
            from: v.optional(
              v.pipe(
                v.string(),
                v.check(
                  (s) => parseRelative(s) !== null,
                  ({ input }) => t`"${input}" is not a relative time such as ${RELATIVE_HELP}`,
                ),
                v.check(
                  (s) => {
                    const len = relativeMs(parseRelative(s)!.value);
                    return len >= MIN_WALL_RANGE_MS && len <= MAX_WALL_RANGE_MS;
                  },
                  ({ input }) => t`${input} must reach back 15 minutes to 7 days`,
                ),
              ),
              formatRelative(DEFAULT_WALL_RANGE),
            ),
            to: v.optional(
              parsedWith(
                (s) => (parseRelative(s)?.value.amount === 0 ? s : null),
                (s) => t`"${s}" must be now`,
              ),
            ),
          }),
          v.transform(({ from }) => parseRelative(from)!.value),
        ),
        default: DEFAULT_WALL_RANGE,
        serialize: (r) => ({ from: formatRelative(r) }),
        rewrites: true,
        apart: true,
      }),
    },
    check(p, { drop, note, given }) {
      const floor = minRefreshSeconds(p.volcanoes);
      if (given('refreshSeconds') && p.refreshSeconds < floor)
        drop(
          'refreshSeconds',
          t`${p.refreshSeconds} s is faster than the rate budget allows for these volcanoes (minimum ${floor} s)`,
        );
      p.refreshSeconds = Math.max(floor, p.refreshSeconds);
      const shown = new Set(p.volcanoes.flatMap((vo) => watchedChannels(vo).map((w) => w.id)));
      p.alerts = p.alerts.filter((r) => {
        const id = formatChannelId(r.channel);
        if (shown.has(id)) return true;
        note('alert', id, t`${id} is not a channel on this wall (${[...shown].join(', ') || t`none`})`);
        return false;
      });
    },
    unknown: t`not a wall setting`,
    notice: (name, _raw, why, p) => t`${name}: ${why}; ${INSTEAD[name]?.(p) ?? t`ignored`}.`,
  };
}

/** Splits tiles into pages: all on one page without cycling. */
export function pagesOf<T>(items: readonly T[], cycleSeconds: number | null, perPage: number): T[][] {
  if (cycleSeconds === null || items.length <= perPage) return [items.slice()];
  const pages: T[][] = [];
  for (let i = 0; i < items.length; i += perPage) pages.push(items.slice(i, i + perPage));
  return pages;
}

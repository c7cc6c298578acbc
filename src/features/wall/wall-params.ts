/**
 * The wall is configured by URL only (a TV has no keyboard): parsed here, in one place, with
 * defaults. A bad value is dropped with a notice naming it; it never stops the wall.
 */
import { ENDPOINT_BUDGETS } from '../../api/endpoints';
import { VOLCANOES, type Volcano } from '../../domain/volcanoes';
import { formatChannelId } from '../../domain/channel-id';
import { formatAlertRules, parseAlertRules, type AlertRule } from '../../analysis/alerts';
import { DAY_MS, MINUTE_MS } from '../../domain/time';
import {
  formatRelative,
  parseRelative,
  RELATIVE_HELP,
  relativeMs,
  sameRelative,
  type RelativeTime,
} from '../../domain/relative-time';
import type { ParsedUrlState } from '../../ui/use-url-state';

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
    // One /rsam request per vertical channel (yesterday..today, spec 01 §4.1).
    rsam += v.verticalChannels.length;
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
 * so r ≥ 60·n/limit. All five volcanoes: /rsam 5 channels → 60·5/100 = 3 s; /imagery/q 8 cameras
 * (CLNE ×2, OKCF, VPMI ×2, RKPI, CV01, CV02) → 60·8/100 = 4.8 s; /seismic/sites once per 10 min.
 * So the floor is 5 s, and the default 60 s uses 8 % of the /imagery/q budget and 5 % of /rsam.
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

/** The sparklines' range: `from=now-6h` (and `to=now`, the only end a wall has). */
function parseWallRange(search: URLSearchParams, notices: string[]): { range: RelativeTime; rewrite: boolean } {
  const fallback = { range: DEFAULT_WALL_RANGE, rewrite: false };
  const rawFrom = search.get('from');
  const rawTo = search.get('to');
  const to = rawTo === null ? null : parseRelative(rawTo);
  if (rawTo !== null && to?.value.amount !== 0) notices.push(`to: "${rawTo}" must be now; the wall always ends now.`);
  if (rawFrom === null) return fallback;
  const from = parseRelative(rawFrom);
  const len = from ? relativeMs(from.value) : 0;
  if (!from) notices.push(`from: "${rawFrom}" is not a relative time such as ${RELATIVE_HELP}; showing the last 24 h.`);
  else if (len < MIN_WALL_RANGE_MS || len > MAX_WALL_RANGE_MS)
    notices.push(`from: ${rawFrom} must reach back 15 minutes to 7 days; showing the last 24 h.`);
  else return { range: from.value, rewrite: !from.canonical || (to !== null && !to.canonical) };
  return fallback;
}

export function parseWallParams(search: URLSearchParams, defaultRefreshSeconds: number): ParsedUrlState<WallParams> {
  const notices: string[] = [];

  let volcanoes: readonly Volcano[] = VOLCANOES;
  const rawV = search.get('volcanoes');
  if (rawV !== null) {
    const wanted = new Set<number>();
    for (const part of rawV
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean)) {
      const vnum = INT.test(part) ? Number(part) : NaN;
      if (VOLCANOES.some((v) => v.vnum === vnum)) wanted.add(vnum);
      else notices.push(`volcanoes: "${part}" is not a known volcano number; ignored.`);
    }
    if (wanted.size) volcanoes = VOLCANOES.filter((v) => wanted.has(v.vnum));
    else notices.push('volcanoes: no known volcano listed; showing all.');
  }

  const floor = minRefreshSeconds(volcanoes);
  let refreshSeconds = defaultRefresh(volcanoes, defaultRefreshSeconds);
  const rawR = search.get('refresh');
  if (rawR !== null) {
    const r = INT.test(rawR.trim()) ? Number(rawR.trim()) : NaN;
    if (Number.isNaN(r))
      notices.push(`refresh: "${rawR}" is not a whole number of seconds; using ${refreshSeconds} s.`);
    else if (r < floor)
      notices.push(
        `refresh: ${r} s is faster than the rate budget allows for these volcanoes (minimum ${floor} s); using ${refreshSeconds} s.`,
      );
    else if (r > MAX_REFRESH_S) notices.push(`refresh: ${r} s is over ${MAX_REFRESH_S} s; using ${refreshSeconds} s.`);
    else refreshSeconds = r;
  }

  let cycleSeconds: number | null = null;
  const rawC = search.get('cycle');
  if (rawC !== null && rawC.trim() !== '' && rawC.trim() !== '0') {
    const c = INT.test(rawC.trim()) ? Number(rawC.trim()) : NaN;
    if (Number.isNaN(c) || c < 5 || c > 3600) notices.push(`cycle: "${rawC}" must be 5 to 3600 seconds; not cycling.`);
    else cycleSeconds = c;
  }

  let perPage = DEFAULT_PER_PAGE;
  const rawP = search.get('perpage');
  if (rawP !== null) {
    const p = INT.test(rawP.trim()) ? Number(rawP.trim()) : NaN;
    if (Number.isNaN(p) || p < 1 || p > VOLCANOES.length)
      notices.push(`perpage: "${rawP}" must be 1 to ${VOLCANOES.length}; using 2.`);
    else perPage = p;
  }

  let theme: WallTheme | null = null;
  const rawT = search.get('theme');
  if (rawT !== null) {
    if (rawT === 'dark' || rawT === 'light') theme = rawT;
    else notices.push(`theme: "${rawT}" must be dark or light; ignored.`);
  }

  const parsedAlerts = parseAlertRules(search.get('alert'));
  for (const r of parsedAlerts.rejected)
    notices.push(
      `alert: "${r}" is not CHANNEL:COUNTS or CHANNEL:Nx (e.g. AV.CLCL..BHZ:5000 or OV.VPCC..HHZ:4x); ignored.`,
    );
  const shownChannels = new Set(volcanoes.flatMap((v) => v.verticalChannels));
  const alerts = parsedAlerts.rules.filter((r) => {
    const id = formatChannelId(r.channel);
    if (shownChannels.has(id)) return true;
    notices.push(`alert: ${id} is not a channel on this wall (${[...shownChannels].join(', ') || 'none'}); ignored.`);
    return false;
  });

  const { range, rewrite } = parseWallRange(search, notices);

  const known = new Set(['volcanoes', 'refresh', 'cycle', 'perpage', 'theme', 'alert', 'from', 'to']);
  for (const key of new Set(search.keys())) if (!known.has(key)) notices.push(`${key}: not a wall setting; ignored.`);

  return { params: { volcanoes, refreshSeconds, cycleSeconds, perPage, theme, alerts, range }, notices, rewrite };
}

/** The refresh a wall of these volcanoes gets when its address names none. */
function defaultRefresh(volcanoes: readonly Volcano[], configured: number): number {
  return Math.max(minRefreshSeconds(volcanoes), Math.min(MAX_REFRESH_S, configured));
}

/** Inverse of parse (for the address rewritten after a bad value); defaults are left out. */
export function serializeWallParams(p: WallParams, defaultRefreshSeconds: number): URLSearchParams {
  const sp = new URLSearchParams();
  if (p.volcanoes.length !== VOLCANOES.length) sp.set('volcanoes', p.volcanoes.map((v) => v.vnum).join(','));
  if (p.refreshSeconds !== defaultRefresh(p.volcanoes, defaultRefreshSeconds))
    sp.set('refresh', String(p.refreshSeconds));
  if (p.cycleSeconds !== null) sp.set('cycle', String(p.cycleSeconds));
  if (p.perPage !== DEFAULT_PER_PAGE) sp.set('perpage', String(p.perPage));
  if (p.theme) sp.set('theme', p.theme);
  if (p.alerts.length) sp.set('alert', formatAlertRules(p.alerts));
  if (!sameRelative(p.range, DEFAULT_WALL_RANGE)) sp.set('from', formatRelative(p.range));
  return sp;
}

/** Splits tiles into pages: all on one page without cycling. */
export function pagesOf<T>(items: readonly T[], cycleSeconds: number | null, perPage: number): T[][] {
  if (cycleSeconds === null || items.length <= perPage) return [items.slice()];
  const pages: T[][] = [];
  for (let i = 0; i < items.length; i += perPage) pages.push(items.slice(i, i + perPage));
  return pages;
}

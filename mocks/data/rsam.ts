/**
 * Deterministic RSAM generator (spec 01 §2.2, §4.1–4.4). One point per 60 s window, computed from
 * (channel, minute) with a hash PRNG; nothing is stored. Shapes:
 * per-station background × diurnal cultural noise × slow drift × volcano-wide tremor episodes
 * × an eruption-like swarm ~2 days before "now" (Poás, Cleveland) × multiplicative noise,
 * with station outages (missing windows) and rare whole-day outages. The swarm's rise accelerates
 * as materials failure does with α = 2 (the rate ∝ 1/(t_f − t) for six hours), so an inverse-rate
 * fit over it has a failure time to find; Villarrica's horizontal channels carry a strong afternoon
 * wind cycle, a daily rise that is not an acceleration.
 */
import { hash3, rand3, seedOf } from './prng';
import { ARCHIVE_START, DAY_MS, dayString, hms, MINUTE_MS } from './clock';
import { SEISMIC_NETWORKS } from './reference';
import { mockState } from '../state';

const inScene = (ch: MockChannel, s: { network: string; station?: string }) =>
  s.network === ch.network && (s.station === undefined || s.station === ch.station);

/** When a scene silenced this channel's station (epoch ms), or Infinity. */
function silentFrom(ch: MockChannel): number {
  return Math.min(Infinity, ...mockState.rsamScenes.silent.filter((s) => inScene(ch, s)).map((s) => s.fromMs));
}

export interface MockChannel {
  network: string;
  station: string;
  location: string;
  channel: string;
}

export const RSAM_CHANNELS: readonly MockChannel[] = SEISMIC_NETWORKS.flatMap((n) =>
  n.stations.flatMap((station) =>
    n.channels.map((channel) => ({ network: n.network, station, location: '', channel })),
  ),
);

export function findChannel(network: string, station: string, channel: string): MockChannel | undefined {
  return RSAM_CHANNELS.find((c) => c.network === network && c.station === station && c.channel === channel);
}

export const WINDOW_SEC = 60;
/** VC.RKPI..HDF stops reporting 6 days before "now", so /rsam/latest shows differing dates. */
const STALE_CHANNEL = 'VC.RKPI..HDF';
const STALE_MS = 6 * DAY_MS;

/** Rough standard-time offsets (hours) for the diurnal cultural-noise cycle. */
const NETWORK_UTC_OFFSET_H: Record<string, number> = { AV: -9, OV: -6, VC: -4 };
const SWARM_NETWORKS = new Set(['AV', 'OV']);
/** The swarm: six hours of rise to its peak on the whole hour two days before now, then a decay. */
const SWARM_RISE_MIN = 360;
/** Its rate ∝ 1 / (t_f − t) with t_f this long after the peak: 21× the background at the peak. */
const SWARM_LEAD_MIN = 18;
const SWARM_PEAK = 1 + SWARM_RISE_MIN / SWARM_LEAD_MIN;
/** Afternoon wind on Villarrica's horizontal sensors: up to 1 + 3 × the background. */
const WIND_CHANNELS = new Set(['VC.RKPI..HHE', 'VC.RKPI..HHN']);
const WIND_AMPLITUDE = 3;

interface ChannelModel {
  seed: number;
  stationSeed: number;
  networkSeed: number;
  base: number;
  cultural: number;
  sensitivity: number;
  offsetH: number;
  swarm: boolean;
  stale: boolean;
  wind: boolean;
}

const models = new Map<string, ChannelModel>();

function modelOf(ch: MockChannel): ChannelModel {
  const id = `${ch.network}.${ch.station}.${ch.location}.${ch.channel}`;
  let m = models.get(id);
  if (!m) {
    const seed = seedOf(id);
    const stationSeed = seedOf(`${ch.network}.${ch.station}`);
    const c = ch.channel;
    let base: number;
    const stationBase = 60 + 440 * rand3(stationSeed, 1);
    if (/^[BH]H[ZEN]$/.test(c)) {
      // Horizontal components carry more cultural and wind noise than the vertical.
      base = c.endsWith('Z') ? stationBase : stationBase * (1.25 + 0.35 * rand3(seed, 2));
    } else if (c === 'HDF') {
      base = 40 + 60 * rand3(seed, 2); // infrasound
    } else {
      base = 150 + 650 * rand3(seed, 2); // other Poás sensor streams
    }
    m = {
      seed,
      stationSeed,
      networkSeed: seedOf(ch.network),
      base,
      cultural: 0.1 + 0.4 * rand3(seed, 3),
      sensitivity: 0.8 + 0.2 * rand3(stationSeed, 4),
      offsetH: NETWORK_UTC_OFFSET_H[ch.network] ?? 0,
      swarm: SWARM_NETWORKS.has(ch.network),
      stale: id === STALE_CHANNEL,
      wind: WIND_CHANNELS.has(id),
    };
    models.set(id, m);
  }
  return m;
}

const ARCHIVE_START_DAY = ARCHIVE_START / DAY_MS;

/** A whole UTC day without data: rare, and never in the last week (so "latest" stays recent). */
function isOutageDay(m: ChannelModel, day: number, nowDay: number): boolean {
  return day < nowDay - 7 && rand3(m.stationSeed, day, 77) < 0.008;
}

/** Start (ms) of the last complete 60 s window that has data. */
export function lastPointTime(ch: MockChannel, now: number): number {
  const m = modelOf(ch);
  const end = Math.min(m.stale ? now - STALE_MS : now, silentFrom(ch));
  return Math.floor(end / MINUTE_MS) * MINUTE_MS - MINUTE_MS;
}

/** UTC days (`YYYY-MM-DD`) with data, newest first. */
export function rsamDates(ch: MockChannel, now: number): string[] {
  const m = modelOf(ch);
  const nowDay = Math.floor(now / DAY_MS);
  const lastDay = Math.floor(lastPointTime(ch, now) / DAY_MS);
  const out: string[] = [];
  for (let d = lastDay; d >= ARCHIVE_START_DAY; d--) if (!isOutageDay(m, d, nowDay)) out.push(dayString(d));
  return out;
}

export function latestDate(ch: MockChannel, now: number): string {
  return rsamDates(ch, now)[0] ?? dayString(ARCHIVE_START_DAY);
}

const GAP_BLOCK = 480; // minutes
const TREMOR_BLOCK = 720;
const DRIFT_BLOCK = 360;

/** Outage [start, end) in minutes-since-epoch caused by block `b`, or null. */
function gapOf(m: ChannelModel, b: number): [number, number] | null {
  if (rand3(m.stationSeed, b, 11) >= 0.07) return null;
  const start = b * GAP_BLOCK + Math.floor(rand3(m.stationSeed, b, 12) * GAP_BLOCK);
  const r = rand3(m.stationSeed, b, 13);
  return [start, start + 5 + Math.floor(r * r * 360)];
}

/** Tremor episode of a volcano (network) in block `b`: [start, end, peak factor] or null. */
function tremorOf(m: ChannelModel, b: number): [number, number, number] | null {
  if (rand3(m.networkSeed, b, 21) >= 0.1) return null;
  const start = b * TREMOR_BLOCK + Math.floor(rand3(m.networkSeed, b, 22) * TREMOR_BLOCK);
  const dur = 120 + Math.floor(rand3(m.networkSeed, b, 23) * 360);
  return [start, start + dur, 5 + 15 * rand3(m.networkSeed, b, 24)];
}

function drift(m: ChannelModel, b: number): number {
  return 0.75 + 0.5 * rand3(m.seed, b, 31);
}

/**
 * Calls `emit(minuteIndex, value)` for every point of `ch` with fromMs <= time <= toMs (window starts,
 * whole minutes), skipping outages. `now` anchors the swarm and the end of data.
 */
export function forEachRsamPoint(
  ch: MockChannel,
  fromMs: number,
  toMs: number,
  now: number,
  emit: (minute: number, value: number) => void,
): void {
  const m = modelOf(ch);
  const first = Math.max(Math.ceil(fromMs / MINUTE_MS), ARCHIVE_START / MINUTE_MS);
  const last = Math.min(Math.floor(toMs / MINUTE_MS), lastPointTime(ch, now) / MINUTE_MS);
  const nowDay = Math.floor(now / DAY_MS);
  const swarmAnchor = Math.floor((now - 2 * DAY_MS) / 3_600_000) * 60;
  // Scenes on demand (mocks/state.ts RsamScenes), in minutes since the epoch like `t`.
  const unrest = mockState.rsamScenes.unrest.filter((s) => inScene(ch, s));
  const spikes = mockState.rsamScenes.spike.filter((s) => inScene(ch, s));
  let gapBlock = Number.NaN;
  let gaps: Array<[number, number]> = [];
  let tremorBlock = Number.NaN;
  let tremors: Array<[number, number, number]> = [];
  let day = Number.NaN;
  let dayOut = false;
  for (let t = first; t <= last; t++) {
    const d = Math.floor(t / 1440);
    if (d !== day) {
      day = d;
      dayOut = isOutageDay(m, d, nowDay);
    }
    if (dayOut) {
      t = (d + 1) * 1440 - 1;
      continue;
    }
    const gb = Math.floor(t / GAP_BLOCK);
    if (gb !== gapBlock) {
      gapBlock = gb;
      gaps = [];
      const g0 = gapOf(m, gb - 1);
      const g1 = gapOf(m, gb);
      if (g0) gaps.push(g0);
      if (g1) gaps.push(g1);
    }
    let inGap = false;
    for (const g of gaps) if (t >= g[0] && t < g[1]) inGap = true;
    if (inGap) continue;

    // Slow drift, interpolated between block values.
    const x = t / DRIFT_BLOCK - 0.5;
    const db = Math.floor(x);
    const f = x - db;
    let v = m.base * (drift(m, db) * (1 - f) + drift(m, db + 1) * f);

    // Cultural noise: daytime bump in local time.
    const localH = (((t / 60 + m.offsetH) % 24) + 24) % 24;
    if (localH > 7 && localH < 19) v *= 1 + m.cultural * Math.sin((Math.PI * (localH - 7)) / 12);
    if (m.wind && localH > 7 && localH < 19) v *= 1 + WIND_AMPLITUDE * Math.sin((Math.PI * (localH - 7)) / 12);

    const tb = Math.floor(t / TREMOR_BLOCK);
    if (tb !== tremorBlock) {
      tremorBlock = tb;
      tremors = [];
      const e0 = tremorOf(m, tb - 1);
      const e1 = tremorOf(m, tb);
      if (e0) tremors.push(e0);
      if (e1) tremors.push(e1);
    }
    for (const e of tremors) {
      if (t >= e[0] && t < e[1]) {
        const env = Math.sin((Math.PI * (t - e[0])) / (e[1] - e[0]));
        v *= 1 + (e[2] - 1) * env * m.sensitivity;
      }
    }

    if (m.swarm && t > swarmAnchor - SWARM_RISE_MIN && t < swarmAnchor + 900) {
      const dt = t - swarmAnchor;
      // Rising: (SWARM_RISE_MIN + SWARM_LEAD_MIN) / (SWARM_LEAD_MIN − dt), 1 at the start, the peak at 0.
      const rise = (SWARM_RISE_MIN + SWARM_LEAD_MIN) / (SWARM_LEAD_MIN - dt);
      const env = dt < 0 ? (rise - 1) / (SWARM_PEAK - 1) : Math.exp(-dt / 240);
      v *= 1 + (SWARM_PEAK - 1) * env * m.sensitivity;
      if (rand3(m.networkSeed, t, 41) < 0.02 + 0.2 * env) v *= 2 + 10 * rand3(m.networkSeed, t, 42);
    }

    const h = hash3(m.seed, t, 1);
    const g = ((h & 0x3ff) + ((h >>> 10) & 0x3ff) + ((h >>> 20) & 0x3ff)) / 1024 - 1.5;
    v *= Math.exp(0.4 * g);
    for (const u of unrest) if (t * MINUTE_MS >= u.fromMs) v *= u.factor;
    for (const p of spikes) if (t * MINUTE_MS === p.atMs) v *= p.factor;
    emit(t, v);
  }
}

const MINUTE_SUFFIX: string[] = [];
function minuteSuffix(minOfDay: number): string {
  if (MINUTE_SUFFIX.length === 0) {
    for (let i = 0; i < 1440; i++) MINUTE_SUFFIX.push(`T${hms(i * 60)}Z","rsam_counts":`);
  }
  return MINUTE_SUFFIX[minOfDay] ?? '';
}

/**
 * The JSON body of /api/seismic/rsam, built by string concatenation (several times faster than
 * building objects and JSON.stringify for 525,600 points).
 */
export function rsamJson(
  ch: MockChannel,
  fromMs: number,
  toMs: number,
  now: number,
  echo: { datefrom: string; dateto: string },
): string {
  const parts: string[] = [];
  let chunk = '';
  let day = Number.NaN;
  let prefix = '';
  let n = 0;
  forEachRsamPoint(ch, fromMs, toMs, now, (t, v) => {
    const d = Math.floor(t / 1440);
    if (d !== day) {
      day = d;
      prefix = `{"time":"${dayString(d)}`;
      if (chunk) parts.push(chunk);
      chunk = '';
    }
    chunk += (n++ === 0 ? '' : ',') + prefix + minuteSuffix(t - d * 1440) + Math.round(v * 100) / 100 + '}';
  });
  if (chunk) parts.push(chunk);
  const head = JSON.stringify({
    network: ch.network,
    station: ch.station,
    location: ch.location,
    channel: ch.channel,
    window_sec: WINDOW_SEC,
  }).slice(0, -1);
  const query = JSON.stringify({ network: ch.network, station: ch.station, channel: ch.channel, ...echo });
  return (
    `{"series":[${head},"points":[${parts.join('')}]}],"datefrom":${JSON.stringify(echo.datefrom)},` +
    `"dateto":${JSON.stringify(echo.dateto)},"query":${query}}`
  );
}

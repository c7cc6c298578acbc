/**
 * The single mutable state of the mock service: its clock, rate-limit switches and injected faults.
 * Tests reset it after each test (src/test/setup.ts); the control endpoint changes it at run time.
 */
export type FaultKind = 'status' | 'rate-limit' | 'malformed' | 'schema' | 'slow' | 'network' | 'redirect' | 'endless';

export interface Fault {
  /** Substring of the request URL path, e.g. '/api/seismic/rsam'. */
  match: string;
  /** Every entry must equal the request's query parameter of that name. */
  query?: Record<string, string>;
  kind: FaultKind;
  /** For 'status'; default 500. */
  status?: number;
  /** For 'slow'; default 10000. */
  delayMs?: number;
  /** How many requests it affects; absent = until cleared. */
  times?: number;
  /**
   * For 'rate-limit': true adds a Retry-After header of the seconds to the next whole minute on the
   * main or legacy host (spec 01 promises none); a string is sent as the header's value, on any host
   * (a hostile service's: '99999999', an HTTP date years ahead).
   */
  retryAfter?: boolean | string;
  /** For 'redirect': where the answer sends the client (its Location); `status` defaults to 307. */
  location?: string;
  /**
   * For 'status' and 'rate-limit': the text the error body carries instead of the default, where each
   * host puts it: `detail` (spec 01 §2.7), the 429's `error` string (spec 01 §7), `message` on the
   * legacy host (spec 02 §7) and the platform. Lets a test send markup and see it shown as text.
   */
  text?: string;
}

/** How the platform token endpoint accepts the client's credentials (RFC 6749 §2.3.1). */
export type TokenAuthMode = 'form' | 'basic' | 'either';

/**
 * Body shapes of GET /api/imagery/dates and /dates/range, which spec 01 §4.6–4.7 does not show:
 * each is one plausible reading, so the app's readers can be tried against all of them.
 */
export const DATES_SHAPES = [
  'sites-list',
  'by-site',
  'by-type-site',
  'rows',
  'by-site-compact',
  'rows-compact',
] as const;
export type DatesShape = (typeof DATES_SHAPES)[number];

/**
 * How the service writes the times no document gives a zone, and how it sorts one site's local
 * times: each a plausible reading, so the app can be tried against all of them.
 * - `idFields`: the time fields of an image id (spec 01 §2.4), the capture in UTC or in site time;
 * - `legacyTimestamp`: a v1 record's `timestamp` and the zone `search_from`/`search_to` are read in
 *   (spec 02 §2, §4.1);
 * - `localOrder`: "sort by local site time" for one site at freq=all (spec 01 §4.5) read as by the
 *   wall time (the two passes of a fall-back hour interleave) or by the instant behind it.
 */
export interface TimeReadings {
  idFields: 'utc' | 'local';
  legacyTimestamp: 'utc' | 'local';
  localOrder: 'wall' | 'instant';
}
export const DEFAULT_TIME_READINGS: Readonly<TimeReadings> = Object.freeze({
  idFields: 'utc',
  legacyTimestamp: 'local',
  localOrder: 'wall',
});

/** 2025-03-10T12:00:00Z: the fixed "now" of tests, so generated data is deterministic. */
export const DEFAULT_MOCK_NOW = Date.UTC(2025, 2, 10, 12, 0, 0);

let fixedNow: number | null = DEFAULT_MOCK_NOW;
/** The clock a reset returns to: the tests' fixed instant, or what a running server was started with. */
let baselineNow: number | null = DEFAULT_MOCK_NOW;

/** Sets the clock a reset returns to (null = the real clock) and applies it now. */
export function setBaselineNow(ms: number | null): void {
  baselineNow = ms;
  fixedNow = ms;
}

/**
 * RSAM scenes the mock can play on demand (mocks/data/rsam.ts), each from an instant fixed when it
 * was asked for (epoch ms), so a scene goes on as the clock runs: a volcano in unrest (its stations'
 * RSAM × `factor` from `fromMs` on), a station gone silent (no window from `fromMs` on), a lone
 * spike (the window starting at `atMs`, × `factor`). `station` absent = every station of the network.
 */
export interface RsamScenes {
  unrest: Array<{ network: string; station?: string; factor: number; fromMs: number }>;
  silent: Array<{ network: string; station: string; fromMs: number }>;
  spike: Array<{ network: string; station?: string; factor: number; atMs: number }>;
}

export interface MockState {
  /** Epoch ms. A fixed override when set; after `setLiveMockTime()` the real current time. */
  now: number;
  /** `retryAfterHeader`: main-host 429s carry Retry-After (off by default: spec 01 promises only the body). */
  rateLimits: { enabled: boolean; scale: number; retryAfterHeader: boolean };
  tokenAuth: TokenAuthMode;
  datesShape: DatesShape;
  faults: Fault[];
  /**
   * Replaces the origin (and any path prefix) of every v2 record's `image_url`, e.g. with a host the
   * app does not list, to show what it does with one; null = the mock's own image host.
   */
  imageBaseOverride: string | null;
  timeReadings: TimeReadings;
  rsamScenes: RsamScenes;
}

const noScenes = (): RsamScenes => ({ unrest: [], silent: [], spike: [] });

export const mockState: MockState = {
  get now(): number {
    return fixedNow ?? Date.now();
  },
  set now(ms: number) {
    fixedNow = ms;
  },
  rateLimits: { enabled: true, scale: 1, retryAfterHeader: false },
  tokenAuth: 'either',
  datesShape: 'sites-list',
  faults: [],
  imageBaseOverride: null,
  timeReadings: { ...DEFAULT_TIME_READINGS },
  rsamScenes: noScenes(),
};

const resetListeners: Array<() => void> = [];

/** Lets modules with their own counters (rate limits, tokens' counters) clear them on reset. */
export function onMockReset(fn: () => void): void {
  resetListeners.push(fn);
}

export function resetMockState(): void {
  fixedNow = baselineNow;
  mockState.rateLimits.enabled = true;
  mockState.rateLimits.scale = 1;
  mockState.rateLimits.retryAfterHeader = false;
  mockState.tokenAuth = 'either';
  mockState.datesShape = 'sites-list';
  mockState.faults.length = 0;
  mockState.imageBaseOverride = null;
  mockState.timeReadings = { ...DEFAULT_TIME_READINGS };
  mockState.rsamScenes = noScenes();
  for (const fn of resetListeners) fn();
}

export function setMockNow(ms: number): void {
  fixedNow = ms;
}

/** Demo mode: "now" follows the real clock. */
export function setLiveMockTime(): void {
  fixedNow = null;
}

export function addFault(f: Fault): void {
  mockState.faults.push({ ...f, ...(f.query ? { query: { ...f.query } } : {}) });
}

export function clearFaults(): void {
  mockState.faults.length = 0;
}

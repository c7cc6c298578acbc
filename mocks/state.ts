/**
 * The single mutable state of the mock service: its clock, rate-limit switches and injected faults.
 * Tests reset it after each test (src/test/setup.ts); the control endpoint changes it at run time.
 */
export type FaultKind = 'status' | 'rate-limit' | 'malformed' | 'schema' | 'slow' | 'network';

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
}

/** 2025-03-10T12:00:00Z: the fixed "now" of tests, so generated data is deterministic. */
export const DEFAULT_MOCK_NOW = Date.UTC(2025, 2, 10, 12, 0, 0);

let fixedNow: number | null = DEFAULT_MOCK_NOW;

export interface MockState {
  /** Epoch ms. A fixed override when set; after `setLiveMockTime()` the real current time. */
  now: number;
  rateLimits: { enabled: boolean; scale: number };
  faults: Fault[];
}

export const mockState: MockState = {
  get now(): number {
    return fixedNow ?? Date.now();
  },
  set now(ms: number) {
    fixedNow = ms;
  },
  rateLimits: { enabled: true, scale: 1 },
  faults: [],
};

const resetListeners: Array<() => void> = [];

/** Lets modules with their own counters (rate limits, tokens' counters) clear them on reset. */
export function onMockReset(fn: () => void): void {
  resetListeners.push(fn);
}

export function resetMockState(): void {
  fixedNow = DEFAULT_MOCK_NOW;
  mockState.rateLimits.enabled = true;
  mockState.rateLimits.scale = 1;
  mockState.faults.length = 0;
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

import { afterEach, describe, expect, it, vi } from 'vitest';
import { computeAnalysis, type AnalysisInput, type ChannelSeries } from '../derived/analysis-data';
import { accelerating, T0 } from '../derived/derived-test-data';
import { eventsOfRange, findEvents } from '../events';
import type { AnalysisJobInput, LoadedSeries } from './job-types';
import type { FromWorker, ToWorker } from './analysis-messages';
import { createWorkerLoop } from './worker-loop';

/**
 * The analysis worker in this thread: its own loop (worker-loop.ts), every message structured-cloned
 * both ways with its transfer list, as across threads (a transferred buffer is detached here).
 */
class FakeAnalysisWorker {
  static made: FakeAnalysisWorker[] = [];
  static failToLoad = false;
  onmessage: ((e: { data: FromWorker }) => void) | null = null;
  onerror: ((e: { preventDefault: () => void }) => void) | null = null;
  posted: ToWorker[] = [];
  replies: FromWorker[] = [];
  /** Called once, when a job has started in the worker (it is at its first pause). */
  static onRun: (() => void) | null = null;
  private handle = createWorkerLoop((m, transfer = []) => {
    const copy = structuredClone(m, { transfer });
    this.replies.push(copy);
    setTimeout(() => this.onmessage?.({ data: copy }), 0);
  });
  constructor() {
    FakeAnalysisWorker.made.push(this);
    setTimeout(() => {
      if (FakeAnalysisWorker.failToLoad) this.onerror?.({ preventDefault() {} });
      else this.onmessage?.({ data: { type: 'ready' } });
    }, 0);
  }
  postMessage(m: ToWorker, transfer: Transferable[] = []) {
    const copy = structuredClone(m, { transfer });
    this.posted.push(copy);
    setTimeout(() => {
      this.handle(copy);
      const onRun = FakeAnalysisWorker.onRun;
      if (copy.type === 'run' && onRun) {
        FakeAnalysisWorker.onRun = null;
        onRun();
      }
    }, 0);
  }
  terminate() {}
}

/** A fresh pool: with the fake worker, or with none (the in-thread path). */
async function freshJobs(worker: boolean) {
  vi.resetModules();
  FakeAnalysisWorker.made = [];
  if (worker) vi.stubGlobal('Worker', FakeAnalysisWorker);
  else vi.stubGlobal('Worker', undefined);
  (await import('./analysis-worker-start')).provideAnalysisWorker(() => new Worker('analysis-worker.js'));
  return import('./analysis-jobs');
}

afterEach(() => {
  vi.unstubAllGlobals();
  FakeAnalysisWorker.failToLoad = false;
  FakeAnalysisWorker.onRun = null;
});

const DAY = 86_400;
/** Minute windows of `id` from `start` for `n` minutes, `f(i)` counts, in two chunks (as loaded by month). */
function chunked(id: string, start: number, n: number, f: (i: number) => number): LoadedSeries {
  const times = Float64Array.from({ length: n }, (_, i) => start + 60 * i);
  const values = Float64Array.from({ length: n }, (_, i) => f(i));
  // An outage of 30 minutes in the second chunk: a gap in the drawn columns.
  const cut = Math.floor(n / 2);
  const keep = (a: Float64Array, from: number, to: number) => a.filter((_, i) => i >= from && i < to && (i < cut + 100 || i >= cut + 130));
  return {
    id,
    windowSec: 60,
    parts: [
      { times: keep(times, 0, cut), values: keep(values, 0, cut) },
      { times: keep(times, cut, n), values: keep(values, cut, n) },
    ],
  };
}

/** What computeAnalysis reads today: each channel's chunks joined in this thread. */
const joined = (s: LoadedSeries): ChannelSeries => {
  const times = new Float64Array(s.parts.reduce((k, p) => k + p.times.length, 0));
  const values = new Float64Array(times.length);
  let o = 0;
  for (const p of s.parts) {
    times.set(p.times, o);
    values.set(p.values, o);
    o += p.times.length;
  }
  return { id: s.id, windowSec: s.windowSec, times, values };
};

// Two channels over two days with bursts, the day before as history: events, gaps and medians.
const burst = (base: number) => (i: number) => (i % 300 < 12 ? base * 8 : base + (i % 7)) + 0.25 * (i % 3);
const CHANNELS = [chunked('AV.CLCL..BHZ', T0, 2 * 1440, burst(100)), chunked('AV.CLES..BHZ', T0, 2 * 1440, burst(40))];
const HISTORY = [chunked('AV.CLCL..BHZ', T0 - DAY, 1440, burst(100)), chunked('AV.CLES..BHZ', T0 - DAY, 1440, burst(40))];
const INVERSE = [chunked('AV.CLCL..BHZ', T0, 240, (i) => accelerating(240)[i]!)];

const base: Omit<AnalysisJobInput, 'analysis' | 'channels'> = {
  bounds: [T0, T0 + 2 * DAY],
  smooth: null,
  fit: null,
  threshold: { kind: 'median', factor: 3 },
  bin: 'hour',
  zone: 'America/Santiago',
  finalFrom: T0 + DAY,
};
const CASES: Record<string, AnalysisJobInput> = {
  counts: { ...base, analysis: 'counts', channels: CHANNELS, history: HISTORY },
  'counts per day in counts': { ...base, analysis: 'counts', channels: CHANNELS, threshold: { kind: 'counts', value: 500 }, bin: 'day' },
  ratio: { ...base, analysis: 'ratio', channels: CHANNELS, smooth: { windowSec: 3600, kind: 'median', label: '1h rolling median' } },
  cumulative: { ...base, analysis: 'cumulative', channels: CHANNELS },
  inverse: { ...base, analysis: 'inverse', channels: INVERSE, bounds: [T0, T0 + 240 * 60], fit: [T0, T0 + 200 * 60] },
};

/**
 * `v` with each typed array as a tagged plain array: structuredClone here (jsdom) makes typed arrays
 * of another realm, which toEqual never finds equal. A typed column stays told from an array, NaN
 * from null.
 */
function plain(v: unknown): unknown {
  if (ArrayBuffer.isView(v)) return { typed: Object.prototype.toString.call(v), values: Array.from(v as Float64Array) };
  if (Array.isArray(v)) return v.map(plain);
  if (v && typeof v === 'object') return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, plain(x)]));
  return v;
}

const direct = (input: AnalysisJobInput): AnalysisInput => ({
  ...input,
  channels: input.channels.map(joined),
  history: input.history?.map(joined),
});

describe('the analysis worker', () => {
  it.each(Object.keys(CASES))('%s: the worker path and the in-thread path give what computeAnalysis gives', async (name) => {
    const input = CASES[name]!;
    const expected = computeAnalysis(direct(input));
    const viaWorker = await freshJobs(true);
    const fromWorker = await viaWorker.deriveAnalysis(viaWorker.createAnalysisClient(), input, new AbortController().signal);
    expect(FakeAnalysisWorker.made).toHaveLength(1);
    expect(plain(fromWorker)).toEqual(plain(expected));
    const inThread = await freshJobs(false);
    const here = await inThread.deriveAnalysis(inThread.createAnalysisClient(), input, new AbortController().signal);
    expect(plain(here)).toEqual(plain(expected));
    // The view's own chunks were copied, not transferred away.
    expect(input.channels[0]!.parts[0]!.times.length).toBeGreaterThan(0);
  });

  it('finds the volcano view’s range events as findEvents does', async () => {
    const jobs = await freshJobs(true);
    const from = T0 + 6 * 3600;
    const to = T0 + DAY;
    const r = await jobs.findRangeEvents(
      jobs.createAnalysisClient(),
      { channels: CHANNELS, threshold: { kind: 'median', factor: 3 }, from, to },
      new AbortController().signal,
    );
    const scan = findEvents(CHANNELS.map(joined), { kind: 'median', factor: 3 });
    const { inRange, before } = eventsOfRange(scan, from, to);
    expect(inRange.length).toBeGreaterThan(2);
    expect(r).toEqual({ inRange, before, unjudged: [...scan.unjudged].filter((t) => t >= from && t < to).length });
  });

  it('sends a channel once; a newer job of the same client supersedes the older, which never answers', async () => {
    const jobs = await freshJobs(true);
    const client = jobs.createAnalysisClient();
    const signal = new AbortController().signal;
    const first = jobs.deriveAnalysis(client, CASES.counts!, signal);
    const second = jobs.deriveAnalysis(client, { ...CASES.counts!, threshold: { kind: 'median', factor: 5 } }, signal);
    await expect(first).rejects.toMatchObject({ name: 'AbortError' });
    const r = await second;
    expect(r.method[0]).toMatch(/above 5 × the trailing 1-day median/);
    expect(plain(r)).toEqual(plain(computeAnalysis({ ...direct(CASES.counts!), threshold: { kind: 'median', factor: 5 } })));
    const runs = FakeAnalysisWorker.made[0]!.posted.filter((m) => m.type === 'run');
    // The superseded job was never sent: the worker was still starting when the second came.
    expect(runs).toHaveLength(1);
    expect(runs[0]!.columns).toHaveLength(4);
    // The same channels again: named by key, no columns.
    await jobs.deriveAnalysis(client, { ...CASES.counts!, bin: 'day' }, signal);
    const again = FakeAnalysisWorker.made[0]!.posted.filter((m) => m.type === 'run');
    expect(again).toHaveLength(2);
    expect(again[1]!.columns).toHaveLength(0);
  });

  it('stops a job that runs when the signal aborts, and answers the next one', async () => {
    const jobs = await freshJobs(true);
    const client = jobs.createAnalysisClient();
    const ac = new AbortController();
    // Aborted while the worker works out the first channel's median.
    FakeAnalysisWorker.onRun = () => ac.abort();
    const first = jobs.deriveAnalysis(client, CASES.counts!, ac.signal);
    await expect(first).rejects.toMatchObject({ name: 'AbortError' });
    const r = await jobs.deriveAnalysis(client, CASES.cumulative!, new AbortController().signal);
    expect(r.names).toEqual(['AV.CLCL..BHZ', 'AV.CLES..BHZ']);
    const worker = FakeAnalysisWorker.made[0]!;
    expect(worker.posted.map((m) => m.type)).toEqual(['run', 'cancel', 'run']);
    expect(worker.replies.map((m) => m.type)).toEqual(['cancelled', 'done']);
  });

  it('works in this thread when the worker cannot load', async () => {
    FakeAnalysisWorker.failToLoad = true;
    const jobs = await freshJobs(true);
    const r = await jobs.deriveAnalysis(jobs.createAnalysisClient(), CASES.cumulative!, new AbortController().signal);
    expect(plain(r)).toEqual(plain(computeAnalysis(direct(CASES.cumulative!))));
    expect(FakeAnalysisWorker.made[0]!.posted).toEqual([]);
  });
});

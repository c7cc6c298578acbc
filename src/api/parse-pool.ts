/**
 * Up to two parse workers, started on first use (the first by the entry on chart views,
 * parse-worker-start.ts) and reused for every body. Where a Worker cannot run (vitest's jsdom, a
 * CSP without worker-src, a failed load) the same decoding runs in this thread, in slices for
 * legacy answers, so the result and its errors are identical.
 */
import type { ImageType } from '../domain/volcanoes';
import type { ColumnStats } from '../domain/summary';
import type { Decoded, LegacyImage } from './body-fast';
import type { WorkerReply, WorkerRequest, WorkerRsam } from './parse-protocol';
import type { CacheTarget } from './rsam-cache';
import { createParseWorker, takeEarlyWorker } from './parse-worker-start';

const POOL_SIZE = 2;
export const PARSE_SLICE = 2_000;

interface Job {
  req: WorkerRequest;
  onSlice?: (records: LegacyImage[], done: number, total: number) => void;
  resolve: (r: Decoded<WorkerRsam | ColumnStats | null>) => void;
}

interface Slot {
  worker: Worker;
  ready: boolean;
  /** Jobs sent (or waiting for `ready`), by id. */
  jobs: Map<number, Job>;
}

let slots: Slot[] = [];
/** Set once a worker failed to start: every later body is decoded in this thread. */
let unavailable = typeof Worker === 'undefined';
let nextId = 1;

function startSlot(): Slot | null {
  const early = takeEarlyWorker();
  if (early?.failed) {
    early.worker.terminate();
    unavailable = true;
    return null;
  }
  let worker: Worker;
  try {
    worker = early?.worker ?? createParseWorker();
  } catch {
    unavailable = true;
    return null;
  }
  const slot: Slot = { worker, ready: early?.ready ?? false, jobs: new Map() };
  worker.onmessage = (e: MessageEvent<WorkerReply>) => {
    const m = e.data;
    if ('ready' in m) {
      slot.ready = true;
      for (const j of slot.jobs.values()) post(slot, j);
      return;
    }
    const job = slot.jobs.get(m.id);
    if (!job) return;
    if ('slice' in m) return job.onSlice?.(m.slice, m.done, m.total);
    slot.jobs.delete(m.id);
    job.resolve(m.ok ? { ok: true, value: m.rsam ?? m.summary ?? null } : { ok: false, failure: m.failure });
  };
  worker.onerror = (e) => {
    e.preventDefault();
    // A worker that never started (blocked or failed to load) still holds its jobs' bytes: they
    // were not transferred yet, so they are decoded here instead.
    slots = slots.filter((s) => s !== slot);
    worker.terminate();
    const started = slot.ready;
    if (!started) unavailable = true;
    for (const j of slot.jobs.values()) {
      if (!started) void inThread(j).then(j.resolve);
      else
        j.resolve({
          ok: false,
          failure: { kind: 'field', field: '(body)', problem: 'could not be decoded (the parse worker stopped)' },
        });
    }
    slot.jobs.clear();
  };
  slots.push(slot);
  return slot;
}

function post(slot: Slot, job: Job) {
  const r = job.req;
  const transfer = 'bytes' in r ? [r.bytes] : 'columns' in r ? r.columns.map((c) => c.buffer) : [];
  slot.worker.postMessage(r, transfer);
}

/**
 * The least busy worker that has started; a second one starts when the first is busy, and takes
 * jobs once it is ready. A year's chunks ask the cache all at once: sent to a worker still loading,
 * half of them waited ~130 ms here for an answer the first worker gives in a few. While none has
 * started, the oldest takes them: it will be first (a second one, started while the page is busy
 * rendering, was ready ~250 ms after it, and held half a year's cached chunks that long).
 */
function pickSlot(): Slot | null {
  const idle = slots.find((s) => s.jobs.size === 0 && s.ready);
  if (idle) return idle;
  if (slots.length < POOL_SIZE) startSlot();
  const ready = slots.filter((s) => s.ready);
  if (!ready.length) return slots[0] ?? null;
  return ready.reduce((a, b) => (b.jobs.size < a.jobs.size ? b : a));
}

const yieldToEventLoop = () => new Promise<void>((r) => setTimeout(r, 0));

async function inThread(job: Job): Promise<Decoded<WorkerRsam | ColumnStats | null>> {
  // Loaded only here: with a working worker the main thread never needs the decoder.
  const req = job.req;
  // The caller summarises in its own thread when this says no (it still has the values).
  if (req.job === 'summary') return { ok: false, failure: { kind: 'field', field: '(summary)', problem: 'no worker' } };
  // The cache too: a chart route's first paint does not load it where the worker keeps it.
  if (req.job === 'rsam-cached') {
    const { readCachedRsam } = await import('./rsam-cache');
    return { ok: true, value: (await readCachedRsam(req.cacheKey)) ?? null };
  }
  const { legacySlice, parseText, rsamFromBody, textOf } = await import('./body-decode');
  const parsed = parseText(textOf(req.bytes));
  if (!parsed.ok) return parsed;
  if (req.job === 'rsam') {
    const r = rsamFromBody(parsed.value);
    if (r.ok && req.keep) (await import('./rsam-cache')).keepRsam(req.keep, r.value, false);
    return r;
  }
  const body = parsed.value;
  const total = Array.isArray(body) ? body.length : 0;
  for (let start = 0; start === 0 || start < total; start += req.slice) {
    // Lets the page paint and handle input between slices of a large answer.
    if (start > 0) await yieldToEventLoop();
    const end = Math.min(total, start + req.slice);
    const r = legacySlice(body, start, end, req.imageType, req.base);
    if (!r.ok) return r;
    job.onSlice?.(r.value, end, total);
  }
  return { ok: true, value: null };
}

function run(job: Job): Promise<Decoded<WorkerRsam | ColumnStats | null>> {
  return new Promise((resolve) => {
    const j = { ...job, resolve };
    const slot = unavailable ? null : pickSlot();
    if (!slot) return void inThread(j).then(resolve);
    slot.jobs.set(job.req.id, j);
    if (slot.ready) post(slot, j);
  });
}

/**
 * Starts a worker before the first body arrives: loading and starting one takes a round trip and
 * a module evaluation, which otherwise delay the first chunk of a chart.
 */
export function warmParsePool(): void {
  if (!unavailable && slots.length === 0) startSlot();
}

/**
 * A RSAM body (its bytes, transferred) → typed columns, or the reason it is not one. With `keep`,
 * a body that decodes may also be kept in the browser's cache (rsam-cache.ts says when).
 */
export async function decodeRsamBytes(bytes: ArrayBuffer, keep?: CacheTarget): Promise<Decoded<WorkerRsam>> {
  const r = await run({ req: { id: nextId++, job: 'rsam', bytes, keep }, resolve: () => {} });
  return r as Decoded<WorkerRsam>;
}

/** The chunk kept in the browser's cache under `key`, read off the main thread; null when none. */
export async function readCachedRsam(cacheKey: string): Promise<WorkerRsam | null> {
  const r = await run({ req: { id: nextId++, job: 'rsam-cached', cacheKey }, resolve: () => {} });
  return r.ok ? (r.value as WorkerRsam | null) : null;
}

/**
 * Count, extremes and median of the values in `columns` (NaN skipped), worked out off the main
 * thread: a year of one channel took one task of ~50 ms here. The columns are transferred (emptied):
 * pass copies. Null where no worker runs, or when it stopped with them: the caller summarises the
 * originals itself.
 */
export async function summarizeOffThread(columns: Float64Array[]): Promise<ColumnStats | null> {
  if (unavailable) return null;
  const r = await run({ req: { id: nextId++, job: 'summary', columns }, resolve: () => {} });
  return r.ok ? (r.value as ColumnStats) : null;
}

/** A legacy answer's bytes → records, handed over in slices of PARSE_SLICE as they are checked. */
export async function decodeLegacyBytes(
  bytes: ArrayBuffer,
  imageType: ImageType,
  base: string,
  onSlice: (records: LegacyImage[], done: number, total: number) => void,
): Promise<Decoded<null>> {
  const req: WorkerRequest = { id: nextId++, job: 'legacy', bytes, imageType, base, slice: PARSE_SLICE };
  return (await run({ req, onSlice, resolve: () => {} })) as Decoded<null>;
}

/** Whether bodies are decoded off the main thread (false until a worker has started). */
export function parsingOffThread(): boolean {
  return slots.some((s) => s.ready);
}

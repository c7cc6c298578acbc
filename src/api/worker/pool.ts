/**
 * Up to two parse workers, started on first use (the first by the entry on chart views,
 * worker-start.ts) and reused for every body; RSAM chunks they also request themselves
 * (`fetchRsamInWorker`, the parse worker's transport: rsam-transport.ts). Where a Worker cannot
 * run (vitest's jsdom, a CSP without worker-src, a failed load) the same decoding runs in this
 * thread (in-thread.ts), in slices for legacy answers, so the result and its errors are identical,
 * and this thread makes the requests.
 */
import type { ImageType } from '../../domain/volcanoes';
import type { ColumnStats } from '../../domain/summary';
import type { Decoded } from '../decode/decoded';
import type { LegacyImage } from '../decode/legacy-body';
import type { FinalReply, WorkerReply, WorkerRequest } from './parse-messages';
import type { RsamSeries } from '../decode/rsam-series';
import type { CacheTarget } from '../cache/rsam-cache';
import { TooLarge, type BodyBound } from '../http/read-body';
import { BodyLost, headersOfPairs, NoAnswer, WorkerFailed, type TransportAnswer } from '../http/transport';
import { createParseWorker, takeEarlyWorker } from './worker-start';
import { workerRpc, type RpcProtocol, type WorkerRpc } from './worker-rpc';

const POOL_SIZE = 2;
export const PARSE_SLICE = 2_000;

interface Job {
  req: WorkerRequest;
  onSlice?: (records: LegacyImage[], done: number, total: number) => void;
  signal?: AbortSignal | null | undefined;
}

type Slot = WorkerRpc<WorkerRequest, WorkerReply>;

let slots: Slot[] = [];
/** Set once a worker failed to start: every later body is decoded in this thread. */
let unavailable = typeof Worker === 'undefined';
let nextId = 1;

const protocol: RpcProtocol<WorkerRequest, WorkerReply> = {
  replyTo: (m) => ('ready' in m ? null : m.id),
  isFinal: (m) => !('slice' in m),
  // 'abort' has no reply: its id names nothing.
  cancel: (target) => ({ id: 0, job: 'abort', target }),
};

function startSlot(): Slot | null {
  const early = takeEarlyWorker();
  if (early?.failed) {
    early.worker.terminate();
    unavailable = true;
    return null;
  }
  let worker: Worker | null;
  try {
    worker = early?.worker ?? createParseWorker();
  } catch {
    worker = null;
  }
  if (!worker) {
    unavailable = true;
    return null;
  }
  const slot: Slot = workerRpc(worker, protocol, {
    ready: early?.ready ?? false,
    onStop: (started) => {
      slots = slots.filter((s) => s !== slot);
      if (!started) unavailable = true;
      return started
        ? new WorkerFailed('stopped', 'the parse worker stopped')
        : new WorkerFailed('unstarted', 'the parse worker could not start');
    },
  });
  slots.push(slot);
  return slot;
}

const transferOf = (r: WorkerRequest) =>
  'bytes' in r ? [r.bytes] : 'columns' in r ? r.columns.map((c) => c.buffer) : [];

/**
 * The least busy worker that has started; a second one starts when the first is busy, and takes
 * jobs once it is ready. A year's chunks ask the cache all at once: sent to a worker still loading,
 * half of them waited ~130 ms here for an answer the first worker gives in a few. While none has
 * started, the oldest takes them: it will be first (a second one, started while the page is busy
 * rendering, was ready ~250 ms after it, and held half a year's cached chunks that long).
 */
function pickSlot(): Slot | null {
  const idle = slots.find((s) => s.waiting === 0 && s.ready);
  if (idle) return idle;
  if (slots.length < POOL_SIZE) startSlot();
  const ready = slots.filter((s) => s.ready);
  if (!ready.length) return slots[0] ?? null;
  return ready.reduce((a, b) => (b.waiting < a.waiting ? b : a));
}

/** A job's result worked out in this thread, where no worker runs (loaded only then). */
const inThread = async ({ req, onSlice }: Job): Promise<FinalReply> =>
  // A request is made by the caller, as it would be with no worker at all.
  req.job === 'rsam-fetch' || req.job === 'abort'
    ? { id: req.id, onMainThread: true }
    : (await import('./in-thread')).inThread(req, onSlice);

/**
 * A job's last reply, from a worker or worked out here; WorkerFailed when its job threw or its
 * worker stopped. A worker that never started still holds its jobs' bytes (they were not
 * transferred yet), so they are decoded here instead (and its requests made here); one that
 * stopped may have sent its requests: they failed.
 */
async function dispatch(job: Job) {
  const slot = unavailable ? null : pickSlot();
  const { req, onSlice, signal } = job;
  const onProgress = onSlice && ((m: WorkerReply) => 'slice' in m && onSlice(m.slice, m.done, m.total));
  const m = slot
    ? await slot
        .call(req.id, req, { transfer: transferOf(req), onProgress, signal })
        .catch((e: unknown) => (e instanceof WorkerFailed && e.how === 'unstarted' ? inThread(job) : Promise.reject(e)))
    : await inThread(job);
  const reply = m as FinalReply;
  if ('failed' in reply) throw new WorkerFailed(reply.failed.how, reply.failed.message);
  return reply;
}

/** A decoding job's result (only 'rsam-fetch' has other replies, and fetchRsamInWorker reads those itself). */
const run = async (job: Job) => ((await dispatch(job)) as Extract<FinalReply, { result: unknown }>).result;

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
export async function decodeAndKeepRsam(bytes: ArrayBuffer, keep?: CacheTarget): Promise<Decoded<RsamSeries>> {
  const r = await run({ req: { id: nextId++, job: 'rsam', bytes, keep } });
  return r as Decoded<RsamSeries>;
}

/** The chunk kept in the browser's cache under `key`, read by a parse worker; null when none. */
export async function readKeptChunk(cacheKey: string): Promise<RsamSeries | null> {
  // A read that failed (the worker stopped, the disk refused) finds nothing: the chunk is asked for.
  const r = await run({ req: { id: nextId++, job: 'rsam-kept', cacheKey } }).catch(() => null);
  return r?.ok ? (r.value as RsamSeries | null) : null;
}

/**
 * Count, extremes and median of the values in `columns` (NaN skipped), worked out off the main
 * thread: a year of one channel took one task of ~50 ms here. The columns are transferred (emptied):
 * pass copies. Null where no worker runs, or when it stopped with them: the caller summarises the
 * originals itself.
 */
export async function summarizeOffThread(columns: Float64Array[]): Promise<ColumnStats | null> {
  if (unavailable) return null;
  const r = await run({ req: { id: nextId++, job: 'summary', columns } }).catch(() => null);
  return r?.ok ? (r.value as ColumnStats) : null;
}

/** A legacy answer's bytes → records, handed over in slices of PARSE_SLICE as they are checked. */
export async function decodeLegacyBytes(
  bytes: ArrayBuffer,
  imageType: ImageType,
  base: string,
  onSlice: (records: LegacyImage[], done: number, total: number) => void,
): Promise<Decoded<null>> {
  const req: WorkerRequest = { id: nextId++, job: 'legacy', bytes, imageType, base, slice: PARSE_SLICE };
  return (await run({ req, onSlice })) as Decoded<null>;
}

/** Whether bodies are decoded off the main thread (false until a worker has started). */
export function parsingOffThread(): boolean {
  return slots.some((s) => s.ready);
}

/** What a worker's request met, as this thread's transport would have thrown it. */
function lostError(lost: { stage: 'fetch' | 'read' | 'too-large'; message: string }, bound: BodyBound): Error {
  if (lost.stage === 'too-large') return new TooLarge(bound.label, bound.maxBytes);
  return lost.stage === 'fetch' ? new NoAnswer(lost.message) : new BodyLost(lost.message);
}

/**
 * A RSAM request made by a parse worker, so its body is received, decoded and kept there and never
 * by this thread (a month's body is ~2 MB, and receiving one here took tasks of 8–18 ms of CPU).
 * Answers as a transport does (http/transport.ts): NoAnswer when no answer came, BodyLost for a
 * 2xx body cut off, TooLarge past its ceiling, WorkerFailed when the worker stopped or its job threw,
 * an AbortError once `init.signal` aborts (the worker's request is aborted too).
 * Null where no worker can make it: the caller then fetches in this thread.
 */
export async function fetchRsamInWorker(
  url: string,
  init: RequestInit,
  bound: BodyBound,
  keep?: CacheTarget,
): Promise<TransportAnswer<Decoded<RsamSeries>> | null> {
  if (unavailable) return null;
  // Rejected with the signal's reason, as fetch does (send reads an aborted signal as a cancel);
  // once it aborts the worker's request is aborted too.
  const req: WorkerRequest = { id: nextId++, job: 'rsam-fetch', url, bound, keep, priority: init.priority };
  const m = await dispatch({ req, signal: init.signal });
  if ('onMainThread' in m) return null;
  if ('lost' in m) throw lostError(m.lost, bound);
  if (!('answer' in m)) throw new WorkerFailed('threw', 'the parse worker answered out of turn');
  return { ...m.answer, headers: headersOfPairs(m.answer.headers) };
}

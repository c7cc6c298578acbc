/**
 * The parse worker's jobs: decodes, parses, validates and converts big bodies, and reads and keeps
 * RSAM chunks in the browser's cache, so the main thread only draws and answers input (DESIGN.md).
 * Typed arrays go back by transfer; legacy records go back in slices, so the main thread's
 * structured-clone work comes in small tasks too. Apart from parse-worker.ts so tests run it as is.
 */
import { gapColumns } from '../../domain/gap-columns';
import { bucketsOf } from '../../domain/row-buckets';
import { parseText, quickRsam, textOf, type DecodedRsam } from '../decode/rsam-body';
import type { WorkerReply, WorkerRequest } from './protocol';
import { keepRsam, readCachedRsam, type CacheTarget } from '../cache/rsam-cache';

// The schemas (valibot) load only for a body the quick checks do not pass, to judge it and word why.
const schemas = () => import('../decode/body-schemas');
// Legacy answers' job too: the chart views start this worker and never need it.
const legacyJob = () => import('./legacy-job');
// And the legend's summary, asked for once a chart has drawn: not part of the worker's first load.
const summary = () => import('../../domain/summary');

export type Post = (m: WorkerReply, transfer?: Transferable[]) => void;

/** RSAM to the main thread with the columns its chart draws and their buckets, all by transfer. */
function postRsam(post: Post, id: number, r: DecodedRsam, status?: number) {
  const gapped = gapColumns(r);
  const buckets = bucketsOf(gapped.y);
  post({ id, ok: true, rsam: { ...r, gapped: { ...gapped, buckets } }, status }, [
    r.times.buffer,
    r.values.buffer,
    gapped.x.buffer,
    gapped.y.buffer,
    buckets.lo.buffer,
    buckets.hi.buffer,
  ]);
}

/** The requests of 'rsam-fetch' jobs in flight, by job id, for 'abort'. */
const inFlight = new Map<number, AbortController>();

/** Decodes (and, with `keep`, keeps) a RSAM body; the reply carries its `status` when the worker fetched it. */
async function decodeRsam(bytes: ArrayBuffer, req: { id: number; keep?: CacheTarget }, post: Post, status?: number) {
  const parsed = parseText(textOf(bytes));
  if (!parsed.ok) return post({ id: req.id, ok: false, failure: parsed.failure, status });
  const r = quickRsam(parsed.value) ?? (await schemas()).rsamFromBody(parsed.value);
  if (!r.ok) return post({ id: req.id, ok: false, failure: r.failure, status });
  if (req.keep) keepRsam(req.keep, r.value, true);
  postRsam(post, req.id, r.value, status);
}

/**
 * 'rsam-fetch': the request, its body and its decoding all here. Whatever the answer, the main
 * thread hears it as fetch would have told it (http.ts words errors and retries); nothing for a
 * request aborted while in flight.
 */
async function fetchRsam(req: Extract<WorkerRequest, { job: 'rsam-fetch' }>, post: Post) {
  const ctl = new AbortController();
  inFlight.set(req.id, ctl);
  let status: number | undefined;
  let bytes: ArrayBuffer;
  try {
    const res = await fetch(req.url, { signal: ctl.signal, priority: req.priority });
    status = res.status;
    if (!res.ok) {
      const body = await res.text().catch(() => null);
      return void (ctl.signal.aborted || post({ id: req.id, answer: { status, headers: [...res.headers], body } }));
    }
    bytes = await res.arrayBuffer();
  } catch (e) {
    // Worded as fetch (no answer: its message) or as reading the body (String) said it in this thread.
    const lost = status
      ? { stage: 'read' as const, message: String(e), status }
      : { stage: 'fetch' as const, message: (e as Error).message };
    return void (ctl.signal.aborted || post({ id: req.id, lost }));
  } finally {
    inFlight.delete(req.id);
  }
  if (!ctl.signal.aborted) await decodeRsam(bytes, req, post, status);
}

/** One job of the parse worker, its replies through `post` (the worker's postMessage). */
export async function runJob(req: WorkerRequest, post: Post): Promise<void> {
  if (req.job === 'abort') return inFlight.get(req.target)?.abort();
  try {
    if (req.job === 'rsam-fetch') return await fetchRsam(req, post);
    if (req.job === 'summary') return post({ id: req.id, ok: true, summary: (await summary()).summarize(req.columns) });
    if (req.job === 'rsam-cached') {
      const hit = await readCachedRsam(req.cacheKey);
      return hit ? postRsam(post, req.id, hit) : post({ id: req.id, ok: true });
    }
    if (req.job === 'rsam') return await decodeRsam(req.bytes, req, post);
    await (await legacyJob()).runLegacyJob(req, post);
  } catch (err) {
    post({
      id: req.id,
      ok: false,
      failure: { kind: 'field', field: '(body)', problem: `could not be read (${String(err)})` },
    });
  }
}

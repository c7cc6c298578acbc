/**
 * The parse worker's jobs: requests RSAM, decodes, parses, validates and converts big bodies, and
 * reads and keeps RSAM chunks in the browser's cache, so the main thread only draws and answers
 * input. Typed arrays go back by transfer; legacy records go back in slices, so the main thread's
 * structured-clone work comes in small tasks too. What the worker's entry adds (the chart's
 * drawing columns) comes in through `hooks`. Apart from the entry so tests run it as is.
 */
import { parseText, textOf, type Decoded } from '../decode/decoded';
import { quickRsam } from '../decode/rsam-body';
import type { RsamSeries } from '../decode/rsam-series';
import { readBytes, TooLarge } from '../http/read-body';
import { BodyLost, fetchTransport, type TransportAnswer } from '../http/transport';
import type { JobHooks, Post, WorkerRequest } from './parse-messages';
import { keepRsam, readKeptRsam, type CacheTarget } from '../cache/rsam-cache';

// The schemas (valibot) load only for a body the quick checks do not pass, to judge it and word why.
const schemas = () => import('../decode/body-schemas');
// Legacy answers' job too: the chart views start this worker and never need it.
const legacyJob = () => import('./legacy-job');
// And the legend's summary, asked for once a chart has drawn: not part of the worker's first load.
const summary = () => import('../../domain/summary');

// The worker's request is the same transport as this thread's (http/transport.ts).
const asBytes = fetchTransport(readBytes);

/** A decoded chunk (if any) with what `hooks` prepare beside it, and every buffer to transfer. */
function withPrepared<N extends null = never>(
  d: Decoded<RsamSeries | N>,
  hooks: JobHooks,
): [Decoded<RsamSeries | N>, Transferable[]] {
  if (!d.ok || !d.value) return [d, []];
  const r = d.value;
  const extra = hooks.prepareRsam?.(r);
  const value = extra ? { ...r, drawing: extra.drawing } : r;
  return [{ ok: true, value }, [r.times.buffer, r.values.buffer, ...(extra?.transfer ?? [])]];
}

/** The requests of 'rsam-fetch' jobs in flight, by job id, for 'abort'. */
const inFlight = new Map<number, AbortController>();

/** Decodes (and, with `keep`, keeps) a RSAM body. */
async function decodeRsam(bytes: ArrayBuffer, keep: CacheTarget | undefined): Promise<Decoded<RsamSeries>> {
  const parsed = parseText(textOf(bytes));
  if (!parsed.ok) return parsed;
  const r = quickRsam(parsed.value) ?? (await schemas()).rsamFromBody(parsed.value);
  // Not awaited: the chart need not wait for the disk (rsamCacheWritten says when it is done).
  if (r.ok && keep) void keepRsam(keep, r.value, true);
  return r;
}

/**
 * 'rsam-fetch': the request, its body and its decoding all here, answered as a transport answers
 * (send words errors and retries); nothing for a request aborted while in flight.
 */
async function fetchAndDecodeRsam(req: Extract<WorkerRequest, { job: 'rsam-fetch' }>, post: Post, hooks: JobHooks) {
  const { id } = req;
  const ctl = new AbortController();
  inFlight.set(id, ctl);
  let got: TransportAnswer<ArrayBuffer>;
  try {
    got = await asBytes(req.url, { signal: ctl.signal, priority: req.priority }, req.bound);
  } catch (e) {
    // Worded as fetch said it (no answer) or as reading the body said it, as in this thread.
    const stage = e instanceof BodyLost ? 'read' : e instanceof TooLarge ? 'too-large' : 'fetch';
    const lost = { stage, message: (e as Error).message } as const;
    return void (ctl.signal.aborted || post({ id, lost }));
  } finally {
    inFlight.delete(id);
  }
  if (ctl.signal.aborted) return;
  const { status } = got;
  const headers: Array<[string, string]> = [];
  got.headers.forEach((value, name) => headers.push([name, value]));
  if (!got.ok) return post({ id, answer: { ok: false, status, headers, text: got.text } });
  const [body, transfer] = withPrepared<never>(await decodeRsam(got.body, req.keep), hooks);
  post({ id, answer: { ok: true, status, headers, body } }, transfer);
}

/** One job of the parse worker, its replies through `post` (the worker's postMessage). */
export async function answerParseJob(req: WorkerRequest, post: Post, hooks: JobHooks = {}): Promise<void> {
  const { id } = req;
  if (req.job === 'abort') return inFlight.get(req.target)?.abort();
  try {
    if (req.job === 'rsam-fetch') return await fetchAndDecodeRsam(req, post, hooks);
    if (req.job === 'summary')
      return post({ id, result: { ok: true, value: (await summary()).summarize(req.columns) } });
    if (req.job === 'legacy') return await (await legacyJob()).runLegacyJob(req, post);
    const decoded =
      req.job === 'rsam'
        ? await decodeRsam(req.bytes, req.keep)
        : { ok: true as const, value: (await readKeptRsam(req.cacheKey)) ?? null };
    const [result, transfer] = withPrepared(decoded, hooks);
    post({ id, result }, transfer);
  } catch (err) {
    // Said as what it is (the pool rejects with WorkerFailed), not as a fault of the body.
    post({ id, failed: { how: 'threw', message: `the parse worker failed (${String(err)})` } });
  }
}

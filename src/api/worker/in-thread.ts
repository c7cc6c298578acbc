/**
 * The parse worker's jobs done in this thread, where no worker runs (vitest's jsdom, a CSP without
 * worker-src, a worker that failed to load): the same decoding, so the result and its errors are
 * identical. pool.ts loads this only then; legacy answers are decoded in slices, so the page
 * still paints between them.
 */
import { parseText, textOf, type Decoded } from '../decode/decoded';
import type { LegacyImage } from '../decode/legacy-body';
import type { FinalReply, WorkerRequest } from './parse-messages';
import type { RsamSeries } from '../decode/rsam-series';

type OnSlice = (records: LegacyImage[], done: number, total: number) => void;

const yieldToEventLoop = () => new Promise<void>((r) => setTimeout(r, 0));

type Decoding = Exclude<WorkerRequest, { job: 'rsam-fetch' | 'abort' }>;

export async function inThread(req: Decoding, onSlice?: OnSlice): Promise<FinalReply> {
  return { id: req.id, result: await decodeInThread(req, onSlice) };
}

async function decodeInThread(req: Decoding, onSlice?: OnSlice): Promise<Decoded<RsamSeries | null>> {
  // Loaded only here: with a working worker the main thread never needs the decoder.
  // The caller summarises in its own thread when this says no (it still has the values).
  if (req.job === 'summary')
    return { ok: false, failure: { kind: 'field', field: '(summary)', problem: { code: 'no-worker' } } };
  // The cache too: a chart route's first paint does not load it where the worker keeps it.
  if (req.job === 'rsam-kept') {
    const { readKeptRsam } = await import('../cache/rsam-cache');
    return { ok: true, value: (await readKeptRsam(req.cacheKey)) ?? null };
  }
  const { legacySlice, rsamFromBody } = await import('../decode/body-schemas');
  const parsed = parseText(textOf(req.bytes));
  if (!parsed.ok) return parsed;
  if (req.job === 'rsam') {
    const r = rsamFromBody(parsed.value);
    if (r.ok && req.keep) (await import('../cache/rsam-cache')).keepRsam(req.keep, r.value, false);
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
    onSlice?.(r.value, end, total);
  }
  return { ok: true, value: null };
}

/// <reference lib="webworker" />
/**
 * The parse worker: decodes, parses, validates and converts big bodies so the main thread only
 * draws and answers input (DESIGN.md). Typed arrays go back by transfer; legacy records go back in
 * slices, so the main thread's structured-clone work comes in small tasks too.
 */
import { parseText, quickLegacySlice, quickRsam, textOf } from './body-fast';
import type { WorkerReply, WorkerRequest } from './parse-protocol';

// The schemas (valibot) load only for a body the quick checks do not pass, to judge it and word why.
const schemas = () => import('./body-decode');

declare const self: DedicatedWorkerGlobalScope;

const post = (m: WorkerReply, transfer: Transferable[] = []) => self.postMessage(m, transfer);

self.onmessage = async (e: MessageEvent<WorkerRequest>) => {
  const req = e.data;
  try {
    const parsed = parseText(textOf(req.bytes));
    if (!parsed.ok) return post({ id: req.id, ok: false, failure: parsed.failure });
    if (req.job === 'rsam') {
      const r = quickRsam(parsed.value) ?? (await schemas()).rsamFromBody(parsed.value);
      if (!r.ok) return post({ id: req.id, ok: false, failure: r.failure });
      return post({ id: req.id, ok: true, rsam: r.value }, [r.value.times.buffer, r.value.values.buffer]);
    }
    const body = parsed.value;
    const total = Array.isArray(body) ? body.length : 0;
    for (let start = 0; start === 0 || start < total; start += req.slice) {
      const end = Math.min(total, start + req.slice);
      const r =
        quickLegacySlice(body, start, end, req.imageType, req.base) ??
        (await schemas()).legacySlice(body, start, end, req.imageType, req.base);
      if (!r.ok) return post({ id: req.id, ok: false, failure: r.failure });
      post({ id: req.id, slice: r.value, done: end, total });
    }
    post({ id: req.id, ok: true });
  } catch (err) {
    post({
      id: req.id,
      ok: false,
      failure: { kind: 'field', field: '(body)', problem: `could not be read (${String(err)})` },
    });
  }
};

post({ id: -1, ready: true });

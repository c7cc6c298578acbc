/**
 * The parse worker's legacy job (jobs.ts loads it only for a legacy answer): the answer
 * checked and converted in slices, each posted as it is ready, so the main thread's
 * structured-clone work comes in small tasks too.
 */
import { parseText, textOf } from '../decode/decoded';
import { quickLegacySlice } from '../decode/legacy-body';
import type { Post, WorkerRequest } from './parse-messages';

export async function runLegacyJob(req: Extract<WorkerRequest, { job: 'legacy' }>, post: Post): Promise<void> {
  const parsed = parseText(textOf(req.bytes));
  if (!parsed.ok) return post({ id: req.id, result: parsed });
  const body = parsed.value;
  const total = Array.isArray(body) ? body.length : 0;
  for (let start = 0; start === 0 || start < total; start += req.slice) {
    const end = Math.min(total, start + req.slice);
    const r =
      quickLegacySlice(body, start, end, req.imageType, req.base) ??
      // The schemas only for a slice the quick check does not pass, to judge it and word why.
      (await import('../decode/body-schemas')).legacySlice(body, start, end, req.imageType, req.base);
    if (!r.ok) return post({ id: req.id, result: r });
    post({ id: req.id, slice: r.value, done: end, total });
  }
  post({ id: req.id, result: { ok: true, value: null } });
}

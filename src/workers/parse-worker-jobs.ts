/**
 * The parse worker's jobs as the worker runs them: the API layer's jobs (requests, decoding, the
 * RSAM cache), with the chart's drawing preparation of each decoded chunk. Apart from the entry
 * (parse-worker.ts) so tests run the same jobs in their own thread (src/test/fake-worker.ts).
 */
import { answerParseJob } from '../api/worker/jobs';
import type { Post, WorkerRequest } from '../api/worker/parse-messages';
import { prepareRsamDrawing } from '../chart/draw-prep/rsam-draw-prep';

export const runParseJob = (req: WorkerRequest, post: Post): Promise<void> =>
  answerParseJob(req, post, { prepareRsam: prepareRsamDrawing });

/// <reference lib="webworker" />
/**
 * The analysis worker's entry (src/main.tsx names it to src/analysis/jobs/analysis-pool.ts): the
 * seismic view's analyses and the volcano view's events, worked out off the main thread
 * (src/analysis/jobs/worker-loop.ts).
 */
import type { ToWorker } from '../analysis/jobs/analysis-messages';
import { createWorkerLoop } from '../analysis/jobs/worker-loop';

declare const self: DedicatedWorkerGlobalScope;

const handle = createWorkerLoop((m, transfer = []) => self.postMessage(m, transfer));
self.onmessage = (e: MessageEvent<ToWorker>) => handle(e.data);
self.postMessage({ type: 'ready' });

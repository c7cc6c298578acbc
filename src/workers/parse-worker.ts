/// <reference lib="webworker" />
/**
 * The parse worker's entry (src/main.tsx names it to the pool, src/api/worker/worker-start.ts):
 * the jobs of parse-worker-jobs.ts, and the browser's RSAM cache opened as it starts.
 */
import type { WorkerReply, WorkerRequest } from '../api/worker/parse-messages';
import { rsamCacheStore } from '../api/cache/rsam-cache';
import { runParseJob } from './parse-worker-jobs';

declare const self: DedicatedWorkerGlobalScope;

const post = (m: WorkerReply, transfer: Transferable[] = []) => self.postMessage(m, transfer);

self.onmessage = (e: MessageEvent<WorkerRequest>) => void runParseJob(e.data, post);

// The cache opens while the view renders, before the first chunk is asked for.
rsamCacheStore()?.warm();
post({ id: -1, ready: true });

/// <reference lib="webworker" />
/** The parse worker (parse-jobs.ts does the work), started by parse-pool.ts. */
import type { WorkerReply, WorkerRequest } from './protocol';
import { runJob } from './jobs';
import { rsamCacheStore } from '../cache/rsam-cache';

declare const self: DedicatedWorkerGlobalScope;

const post = (m: WorkerReply, transfer: Transferable[] = []) => self.postMessage(m, transfer);

self.onmessage = (e: MessageEvent<WorkerRequest>) => void runJob(e.data, post);

// The cache opens while the view renders, before the first chunk is asked for.
rsamCacheStore()?.warm();
post({ id: -1, ready: true });

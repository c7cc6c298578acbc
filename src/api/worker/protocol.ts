/** Messages between the main thread (parse-pool.ts) and the parse worker (parse-worker.ts). */
import type { ImageType } from '../../domain/volcanoes';
import type { GapColumns } from '../../domain/gap-columns';
import type { ColumnStats } from '../../domain/summary';
import type { DecodedRsam, DecodeFailure, LegacyImage } from '../decode/body-schemas';
import type { CacheTarget } from '../cache/rsam-cache';

/** RSAM from the worker: the decoded columns and the ones the chart draws, all transferred. */
export type WorkerRsam = DecodedRsam & { gapped?: GapColumns };

export type WorkerRequest =
  /** A body to decode; with `keep`, the decoded chunk may also be kept in the browser's cache. */
  | { id: number; job: 'rsam'; bytes: ArrayBuffer; keep?: CacheTarget }
  /** A chunk from the browser's cache: `rsam` in the reply, or none when it is not kept. */
  | { id: number; job: 'rsam-cached'; cacheKey: string }
  /** Values to summarise (count, extremes, median), transferred: `summary` in the reply. */
  | { id: number; job: 'summary'; columns: Float64Array[] }
  | { id: number; job: 'legacy'; bytes: ArrayBuffer; imageType: ImageType; base: string; slice: number }
  /**
   * A RSAM request the worker makes itself, so a year's bodies (tens of MB) are never received by
   * the main thread; decoded (and kept, with `keep`) as 'rsam'. The main thread has already taken
   * the request's place in the rate budget (http.ts `send`, whose fetcher this is).
   */
  | { id: number; job: 'rsam-fetch'; url: string; priority?: RequestPriority; keep?: CacheTarget }
  /** Job `target`'s request is no longer wanted: aborted if still in flight (a reply already made is dropped by the pool). */
  | { id: number; job: 'abort'; target: number };

/** An answer the worker received other than 2xx: what http.ts reads of it to word it and retry. */
export interface Answer {
  status: number;
  headers: Array<[string, string]>;
  body: string | null;
}

export type WorkerReply =
  | { id: -1; ready: true }
  /** `status`: the 2xx status of a body the worker fetched itself. */
  | { id: number; ok: true; rsam?: WorkerRsam; summary?: ColumnStats; status?: number }
  | { id: number; ok: false; failure: DecodeFailure; status?: number }
  /** 'rsam-fetch' answered other than 2xx: the answer as received, for http.ts to word and retry. */
  | { id: number; answer: Answer }
  /** 'rsam-fetch' got no answer ('fetch'), or lost a 2xx body on the way ('read'): what was said. */
  | { id: number; lost: { stage: 'fetch' | 'read'; message: string; status?: number } }
  /** 'rsam-fetch' with no worker to make it (it stopped before starting): the caller fetches itself. */
  | { id: number; onMainThread: true }
  | { id: number; slice: LegacyImage[]; done: number; total: number };

/** A job's last reply (not a slice of a legacy answer, nor a worker's 'ready'). */
export type FinalReply = Exclude<WorkerReply, { ready: true } | { slice: unknown }>;

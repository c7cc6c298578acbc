/** Messages between the main thread (pool.ts) and the parse worker (src/workers/parse-worker.ts). */
import type { ImageType } from '../../domain/volcanoes';
import type { ColumnStats } from '../../domain/summary';
import type { Decoded } from '../decode/decoded';
import type { LegacyImage } from '../decode/legacy-body';
import type { DrawingColumns, RsamSeries } from '../decode/rsam-series';
import type { CacheTarget } from '../cache/rsam-cache';
import type { BodyBound } from '../http/read-body';

export type WorkerRequest =
  /** A body to decode; with `keep`, the decoded chunk may also be kept in the browser's cache. */
  | { id: number; job: 'rsam'; bytes: ArrayBuffer; keep?: CacheTarget }
  /** A chunk from the browser's cache: `rsam` in the reply, or none when it is not kept. */
  | { id: number; job: 'rsam-kept'; cacheKey: string }
  /** Values to summarise (count, extremes, median), transferred: `summary` in the reply. */
  | { id: number; job: 'summary'; columns: Float64Array[] }
  | { id: number; job: 'legacy'; bytes: ArrayBuffer; imageType: ImageType; base: string; slice: number }
  /**
   * A RSAM request the worker makes itself, so a year's bodies (tens of MB) are never received by
   * the main thread; a 2xx body decoded (and kept, with `keep`) as 'rsam'. The main thread has
   * already taken the request's place in the rate budget (send, whose transport this is).
   */
  | { id: number; job: 'rsam-fetch'; url: string; bound: BodyBound; priority?: RequestPriority; keep?: CacheTarget }
  /** Job `target`'s request is no longer wanted: aborted if still in flight (a reply already made is dropped by the pool). */
  | { id: number; job: 'abort'; target: number };

/** A transport's answer (src/api/http/transport.ts) as it crosses threads: headers as pairs. */
export type WireAnswer =
  | { ok: true; status: number; headers: Array<[string, string]>; body: Decoded<RsamSeries> }
  | { ok: false; status: number; headers: Array<[string, string]>; text: string | null };

export type WorkerReply =
  | { id: -1; ready: true }
  /** A decoding job's end: RSAM (or none, for a chunk not kept), a summary, or null for a legacy answer. */
  | { id: number; result: Decoded<RsamSeries | ColumnStats | null> }
  /** 'rsam-fetch' answered: a 2xx decoded, or another status with its error body's text. */
  | { id: number; answer: WireAnswer }
  /**
   * 'rsam-fetch' got no answer ('fetch'), lost a 2xx body on the way ('read'), or stopped reading
   * one past its ceiling ('too-large'): what was said.
   */
  | { id: number; lost: { stage: 'fetch' | 'read' | 'too-large'; message: string } }
  /** The job threw, or (made by the pool) its worker stopped: no result, and nothing of the service known. */
  | { id: number; failed: { how: 'stopped' | 'threw'; message: string } }
  /** 'rsam-fetch' with no worker to make it (it stopped before starting): the caller fetches itself. */
  | { id: number; onMainThread: true }
  | { id: number; slice: LegacyImage[]; done: number; total: number };

/** How the worker replies: its postMessage, or a test's stand-in. */
export type Post = (m: WorkerReply, transfer?: Transferable[]) => void;

/** A job's last reply (not a slice of a legacy answer, nor a worker's 'ready'). */
export type FinalReply = Exclude<WorkerReply, { ready: true } | { slice: unknown }>;

/**
 * What the worker's entry adds to its jobs: the chart's preparation of a decoded chunk for drawing
 * (src/chart/draw-prep), run here off the main thread, and the buffers of what it made, to transfer.
 */
export interface JobHooks {
  prepareRsam?: (r: RsamSeries) => { drawing: DrawingColumns; transfer: Transferable[] };
}

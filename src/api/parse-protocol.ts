/** Messages between the main thread (parse-pool.ts) and the parse worker (parse-worker.ts). */
import type { ImageType } from '../domain/volcanoes';
import type { GapColumns } from '../domain/gap-columns';
import type { ColumnStats } from '../domain/summary';
import type { DecodedRsam, DecodeFailure, LegacyImage } from './body-decode';
import type { CacheTarget } from './rsam-cache';

/** RSAM from the worker: the decoded columns and the ones the chart draws, all transferred. */
export type WorkerRsam = DecodedRsam & { gapped?: GapColumns };

export type WorkerRequest =
  /** A body to decode; with `keep`, the decoded chunk may also be kept in the browser's cache. */
  | { id: number; job: 'rsam'; bytes: ArrayBuffer; keep?: CacheTarget }
  /** A chunk from the browser's cache: `rsam` in the reply, or none when it is not kept. */
  | { id: number; job: 'rsam-cached'; cacheKey: string }
  /** Values to summarise (count, extremes, median), transferred: `summary` in the reply. */
  | { id: number; job: 'summary'; columns: Float64Array[] }
  | { id: number; job: 'legacy'; bytes: ArrayBuffer; imageType: ImageType; base: string; slice: number };

export type WorkerReply =
  | { id: -1; ready: true }
  | { id: number; ok: true; rsam?: WorkerRsam; summary?: ColumnStats }
  | { id: number; ok: false; failure: DecodeFailure }
  | { id: number; slice: LegacyImage[]; done: number; total: number };

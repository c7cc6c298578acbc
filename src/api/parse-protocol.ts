/** Messages between the main thread (parse-pool.ts) and the parse worker (parse-worker.ts). */
import type { ImageType } from '../domain/volcanoes';
import type { DecodedRsam, DecodeFailure, LegacyImage } from './body-decode';

export type WorkerRequest =
  | { id: number; job: 'rsam'; bytes: ArrayBuffer }
  | { id: number; job: 'legacy'; bytes: ArrayBuffer; imageType: ImageType; base: string; slice: number };

export type WorkerReply =
  | { id: -1; ready: true }
  | { id: number; ok: true; rsam?: DecodedRsam }
  | { id: number; ok: false; failure: DecodeFailure }
  | { id: number; slice: LegacyImage[]; done: number; total: number };

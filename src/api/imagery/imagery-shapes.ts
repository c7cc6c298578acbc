/**
 * The imagery query's parameters and the shapes of the service's answers (spec 01 §4.5–4.7): types
 * and the valibot schemas they come from. Apart from imagery.ts so that the readers of an answer's
 * times (learned-zones.ts, answer-times.ts) can name them without importing the endpoint module
 * that loads them.
 */
import * as v from 'valibot';
import { int } from '../decode/schema-parts';
import type { ImageType } from '../../domain/volcanoes';
import type { EvidenceKind } from '../../domain/local-time-evidence';
import type { UtcMs } from '../../domain/time';

export type Freq = 'all' | 'minutely' | 'hourly' | 'daily';
export type Order = 'asc' | 'desc';
export const FREQS: readonly Freq[] = ['all', 'minutely', 'hourly', 'daily'];

/** Parameters of GET /api/imagery/q (spec 01 §4.5); absent = the service's default. */
export interface ImageryQuery {
  imageType?: ImageType;
  limit?: number;
  page?: number;
  /** One site, or several (sent comma-separated). */
  site?: string;
  vnum?: number;
  from?: UtcMs;
  to?: UtcMs;
  is_empty?: boolean;
  is_night?: boolean;
  is_degraded?: boolean;
  low_visibility?: boolean;
  freq?: Freq;
  order?: Order;
  /**
   * The app's own, never sent: one site at freq=all cut to the exact UTC range From–To instead of
   * the whole local days the service gives (utc-window.ts).
   */
  window?: 'utc';
}

/**
 * Capture time, kept as one of two types so they cannot be mixed (spec 01 §2.4): site-local
 * wall time without `Z` (freq=all with one site) or a UTC instant with `Z` (every other query).
 */
export type ImageTimestamp =
  | { kind: 'utc'; utcMs: UtcMs; raw: string }
  | {
      kind: 'site-local';
      local: string;
      zone: string;
      utcMs: UtcMs;
      raw: string;
      /** The site is not in the reference table or config: `zone`/`utcMs` are a UTC guess, never shown as local. */
      zoneUnknown?: true;
      /**
       * The wall time falls in a fall-back hour, so it names two instants: the first pass's and
       * `later`. `utcMs` is the one the answer's evidence chose (`resolvedBy`), else the earlier.
       */
      ambiguous?: true;
      /** With `ambiguous`: the second pass's instant. */
      later?: UtcMs;
      /** With `ambiguous`: what decided `utcMs` (answer-times.ts); absent while undecided. */
      resolvedBy?: EvidenceKind;
      /** Undecided, but made within minutes of the second pass: that one is the likelier. */
      likelyLater?: true;
      /**
       * The zone's rules, as this browser has them, skip this wall time (a spring-forward gap): the
       * service's rules differ from the browser's. `utcMs` reads it as after the jump, for order only.
       */
      nonexistent?: true;
    };

export const imageRecordSchema = v.object({
  image_id: v.pipe(v.string(), v.minLength(1)),
  image_url: v.pipe(
    v.string(),
    v.check((u) => /^https?:\/\//i.test(u), 'must be an http(s) URL'),
  ),
  vnum: int,
  site: v.string(),
  timestamp: v.string(),
  image_type: v.picklist(['infrared', 'visible']),
  frame: v.optional(v.nullable(int)),
  file_format: v.optional(v.nullable(v.string())),
  created_at: v.optional(v.nullable(v.string())),
  updated_at: v.optional(v.nullable(v.string())),
  // No flag fields (spec 01 §2.4): a frame's flags are learned with filtered queries (image-flags.ts).
});

export const paginationSchema = v.object({
  page: int,
  limit: int,
  total_count: int,
  total_pages: int,
  has_prev: v.boolean(),
  has_next: v.boolean(),
  prev_page: v.nullable(int),
  next_page: v.nullable(int),
  count: int,
});

export const imageryResponseSchema = v.object({
  results: v.array(imageRecordSchema),
  pagination: paginationSchema,
  query: v.record(v.string(), v.unknown()),
});

export const estimateSchema = v.object({
  total_images: int,
  estimated_size_mb: v.number(),
  estimated_time_seconds: v.number(),
  warning: v.nullable(v.string()),
  suggestion: v.nullable(v.string()),
});

export type ImageRecordRaw = v.InferOutput<typeof imageRecordSchema>;
export type Pagination = v.InferOutput<typeof paginationSchema>;
export type DownloadEstimate = v.InferOutput<typeof estimateSchema>;

export interface ImageRecord extends Omit<ImageRecordRaw, 'timestamp'> {
  time: ImageTimestamp;
}

export interface ImageryPage {
  results: ImageRecord[];
  pagination: Pagination;
  query: Record<string, unknown>;
  /** The results are in UTC order, which is not the order the service gave them in (instant-order.ts). */
  reordered?: true;
}

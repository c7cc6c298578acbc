/**
 * The RSAM cache's shapes, shared by its reading half (rsam-cache.ts) and its writing half
 * (rsam-cache-write.ts, loaded on the first write, usage or clear).
 */

export interface CachedChunk {
  key: string;
  channel: { network: string; station: string; location: string; channel: string };
  windowSec: number;
  times: Float64Array;
  values: Float64Array;
}

export interface CacheUsage {
  bytes: number;
  chunks: number;
}

export interface ChunkStore {
  /** The chunk, marked as just used; undefined when absent or unreadable. */
  get(key: string): Promise<CachedChunk | undefined>;
  /** Stores the chunk, then drops the least recently used ones beyond the size bound. */
  put(chunk: CachedChunk): Promise<void>;
  usage(): Promise<CacheUsage>;
  /** Opens the database now, so the first read does not wait for it. */
  warm(): void;
  clear(): Promise<void>;
}

export interface Meta {
  key: string;
  bytes: number;
  used: number;
}

/** What the writing half (rsam-cache-write.ts) needs of a store. */
export interface StoreAccess {
  open(): Promise<IDBDatabase | null>;
  /** Writes the pending `used` stamps in `tx` (a put writes them first, so eviction sees every read). */
  writeTouches(tx: IDBTransaction): void;
  maxBytes: number;
  now(): number;
  /** An IndexedDB request's result (passed, not imported: that file then shares no chunk with this one). */
  req: <T>(r: IDBRequest<T>) => Promise<T>;
}

/**
 * RSAM chunks of completed UTC days, kept in IndexedDB: past days never change, so a second visit
 * to a year draws from here and spends no rate budget. Bounded in bytes, least recently used out
 * first. Every failure (private mode, quota, a blocked upgrade) is a miss, never an error.
 */
import type { RsamSeries } from '../decode/rsam-series';
import type { CachedChunk, ChunkStore, Meta, StoreAccess } from './chunk-store';

/**
 * Bumped when the stored shape or the decoding of RSAM changes, or what finds it: opening the
 * database at a new version drops every chunk stored by an older release. 2: chunks are looked up
 * only for channels noted in localStorage (rsam-cache-hint.ts); those kept before were not noted.
 */
export const RSAM_CACHE_VERSION = 2;
export const RSAM_CACHE_MAX_BYTES = 200 * 2 ** 20;
const DB_NAME = 'rsam-cache';
/** An open that neither succeeds nor fails in this time (blocked by an old tab) disables the cache. */
const OPEN_TIMEOUT_MS = 3_000;
/** Reads are stamped as used this long after the first of a batch. */
const TOUCH_BATCH_MS = 500;

const req = <T>(r: IDBRequest<T>): Promise<T> =>
  new Promise<T>((resolve, reject) => {
    r.onsuccess = () => resolve(r.result);
    r.onerror = () => reject(r.error ?? new Error('IndexedDB request failed'));
  });

// Writing, eviction, usage and clearing load on the first of them: a cached visit's first paint
// needs only the reads, and a first visit writes only once its chunks have arrived.
const writing = () => import('./rsam-cache-write');

export function idbChunkStore(
  opts: { factory?: IDBFactory; name?: string; maxBytes?: number; version?: number; now?: () => number } = {},
): ChunkStore {
  const factory = opts.factory ?? indexedDB;
  const maxBytes = opts.maxBytes ?? RSAM_CACHE_MAX_BYTES;
  const now = opts.now ?? Date.now;
  let db: Promise<IDBDatabase | null> | null = null;

  const open = (): Promise<IDBDatabase | null> =>
    (db ??= new Promise<IDBDatabase | null>((resolve) => {
      const timer = setTimeout(() => resolve(null), OPEN_TIMEOUT_MS);
      const finish = (d: IDBDatabase | null) => {
        clearTimeout(timer);
        resolve(d);
      };
      let r: IDBOpenDBRequest;
      try {
        r = factory.open(opts.name ?? DB_NAME, opts.version ?? RSAM_CACHE_VERSION);
      } catch {
        return finish(null);
      }
      r.onupgradeneeded = () => {
        const d = r.result;
        for (const s of Array.from(d.objectStoreNames)) d.deleteObjectStore(s);
        d.createObjectStore('data', { keyPath: 'key' });
        d.createObjectStore('meta', { keyPath: 'key' }).createIndex('used', 'used');
      };
      r.onsuccess = () => {
        const d = r.result;
        // A newer release opened in another tab: let it upgrade (and drop these chunks).
        d.onversionchange = () => {
          d.close();
          db = null;
        };
        finish(d);
      };
      r.onerror = () => finish(null);
      r.onblocked = () => finish(null);
    }));

  // Chunks read since the last batch: their `used` stamps are written together, off the read path.
  const touched = new Map<string, Meta>();
  let touchTimer: ReturnType<typeof setTimeout> | null = null;
  function touch(d: IDBDatabase, meta: Meta) {
    touched.set(meta.key, { ...meta, used: now() });
    touchTimer ??= setTimeout(() => {
      try {
        writeTouches(d.transaction('meta', 'readwrite'));
      } catch {
        /* closed by a newer release: the stamps do not matter any more */
      }
    }, TOUCH_BATCH_MS);
  }
  function writeTouches(tx: IDBTransaction) {
    if (touchTimer) clearTimeout(touchTimer);
    touchTimer = null;
    for (const m of touched.values()) tx.objectStore('meta').put(m);
    touched.clear();
  }

  const access: StoreAccess = { open, writeTouches, maxBytes, now, req };

  return {
    async get(key) {
      try {
        const d = await open();
        if (!d) return undefined;
        // Read-only, so a year's chunks are read in parallel (read-write transactions on the same
        // stores run one after another); the use is recorded later, in one batch.
        const tx = d.transaction(['meta', 'data'], 'readonly');
        const [chunk, meta] = await Promise.all([
          req(tx.objectStore('data').get(key) as IDBRequest<CachedChunk | undefined>),
          req(tx.objectStore('meta').get(key) as IDBRequest<Meta | undefined>),
        ]);
        if (!chunk || !meta) return undefined;
        touch(d, meta);
        return chunk;
      } catch {
        return undefined;
      }
    },
    // A writing half that cannot load (a release replaced it) is a chunk not kept, an empty size.
    put: (chunk) =>
      writing().then(
        (w) => w.putChunk(access, chunk),
        () => {},
      ),
    warm() {
      void open();
    },
    usage: () =>
      writing().then(
        (w) => w.usage(access),
        () => ({ bytes: 0, chunks: 0 }),
      ),
    clear: async () => (await writing()).clear(access),
  };
}

let store: ChunkStore | null | undefined;

/** The app's chunk store: IndexedDB where the browser has it, none otherwise (jsdom, old browsers). */
export function rsamCacheStore(): ChunkStore | null {
  if (store === undefined) store = typeof indexedDB === 'undefined' ? null : idbChunkStore();
  return store;
}

/** Tests inject a store (or null for none). */
export function setRsamCacheStore(s: ChunkStore | null | undefined): void {
  store = s;
}

/** A kept chunk as decoded RSAM, or undefined when this browser has none for `key`. */
export async function readKeptRsam(key: string): Promise<RsamSeries | undefined> {
  const hit = await rsamCacheStore()?.get(key);
  return hit && { channel: hit.channel, windowSec: hit.windowSec, times: hit.times, values: hit.values };
}

/** Where a chunk would be kept: its key, and the start of its last UTC day (epoch ms). */
export interface CacheTarget {
  key: string;
  lastDay: number;
}

/**
 * Whether a chunk may be kept for good. A channel can lag behind (spec 01 §2.3: `latest_date` is
 * its most recent day with data) and catch up later: a chunk with no points, or whose points stop
 * before its last day, may still be filled, so it is asked for again on the next visit.
 */
export function worthKeeping(r: Pick<RsamSeries, 'times'>, lastDay: number): boolean {
  const n = r.times.length;
  return n > 0 && r.times[n - 1]! * 1000 >= lastDay;
}

/** Writes of kept chunks still going on in this thread. */
const keeping = new Set<Promise<void>>();

/**
 * Keeps a decoded chunk when worth it; resolves once it is written (or the disk refused it: a chunk
 * not kept is asked for again). The decoding answers without waiting for it. `copy`: the columns
 * are about to be transferred to another thread (which empties them), and IndexedDB copies them
 * only after a turn.
 */
export function keepRsam(target: CacheTarget, r: RsamSeries, copy: boolean): Promise<void> {
  const store = rsamCacheStore();
  if (!store || !worthKeeping(r, target.lastDay)) return Promise.resolve();
  const times = copy ? r.times.slice() : r.times;
  const values = copy ? r.values.slice() : r.values;
  const put = store.put({ key: target.key, channel: r.channel, windowSec: r.windowSec, times, values }).catch(() => {});
  keeping.add(put);
  void put.then(() => keeping.delete(put));
  return put;
}

/** Resolves once every chunk this thread is keeping has been written: what a test waits on before it reads. */
export async function rsamCacheWritten(): Promise<void> {
  while (keeping.size) await Promise.all(keeping);
}

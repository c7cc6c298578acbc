/**
 * The writing half of the RSAM cache (rsam-cache.ts loads it on the first write, usage or clear):
 * keeping a chunk, dropping the least recently used beyond the size bound, its size, emptying it.
 */
import type { CachedChunk, CacheUsage, Meta, StoreAccess } from './chunk-store';

const done = (tx: IDBTransaction) =>
  new Promise<void>((resolve, reject) => {
    tx.oncomplete = () => resolve();
    tx.onerror = tx.onabort = () => reject(tx.error ?? new Error('IndexedDB transaction failed'));
  });

async function evict({ req, maxBytes }: StoreAccess, d: IDBDatabase): Promise<void> {
  const tx = d.transaction(['meta', 'data'], 'readwrite');
  const metas = tx.objectStore('meta');
  const all = await req(metas.index('used').getAll() as IDBRequest<Meta[]>);
  let total = all.reduce((s, m) => s + m.bytes, 0);
  for (const m of all) {
    if (total <= maxBytes) break;
    metas.delete(m.key);
    tx.objectStore('data').delete(m.key);
    total -= m.bytes;
  }
  await done(tx);
}

export async function putChunk(s: StoreAccess, chunk: CachedChunk): Promise<void> {
  try {
    const d = await s.open();
    if (!d) return;
    const bytes = chunk.times.byteLength + chunk.values.byteLength + 200;
    if (bytes > s.maxBytes) return;
    const tx = d.transaction(['meta', 'data'], 'readwrite');
    s.writeTouches(tx);
    tx.objectStore('data').put(chunk);
    tx.objectStore('meta').put({ key: chunk.key, bytes, used: s.now() } satisfies Meta);
    await done(tx);
    await evict(s, d);
  } catch {
    /* a full disk or a closed database: the chunk is simply not kept */
  }
}

export async function usage(s: StoreAccess): Promise<CacheUsage> {
  try {
    const d = await s.open();
    if (!d) return { bytes: 0, chunks: 0 };
    const all = await s.req(d.transaction('meta').objectStore('meta').getAll() as IDBRequest<Meta[]>);
    return { bytes: all.reduce((sum, m) => sum + m.bytes, 0), chunks: all.length };
  } catch {
    return { bytes: 0, chunks: 0 };
  }
}

export async function clear(s: StoreAccess): Promise<void> {
  const d = await s.open();
  if (!d) return;
  const tx = d.transaction(['meta', 'data'], 'readwrite');
  tx.objectStore('meta').clear();
  tx.objectStore('data').clear();
  await done(tx);
}

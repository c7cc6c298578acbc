/**
 * The browser-wide ledger (ledger.ts) in IndexedDB. Each change is one readwrite transaction: the
 * database runs those of every tab one at a time and answers each from what the one before it
 * committed, and `update` resolves only once its own has committed, so a send is in the shared
 * record before it is sent. (The record used to live in localStorage under a Web Lock: Chromium
 * hands another renderer a localStorage write some time after the lock is released, so a tab could
 * read a record without the other's last grants; two pages granting at once lost 6–13% of them,
 * scripts/ledger-race.mjs.) A copy of each record is kept here for `peek`, refreshed when another
 * tab says it changed one. Where the database cannot be opened or written, that copy is the record.
 */
import {
  copyRecord,
  emptyRecord,
  MemoryLedger,
  normalizeRecord,
  type Channel,
  type LaneRecord,
  type Ledger,
} from './ledger';

const DB_NAME = 'volcano-rate';
const STORE = 'lanes';
/** A database that does not open by then (storage denied in some private modes) is not waited for. */
const OPEN_TIMEOUT_MS = 3_000;
/**
 * A change that neither commits nor aborts by then waits behind a transaction that will not end:
 * WebKit freezes a page left for another in its back/forward cache with its transaction open, and
 * the store stays locked for every page after it (seen leaving /volcano for /wall). A change takes
 * milliseconds otherwise.
 */
const STUCK_TX_MS = 10_000;

function openDb(factory: IDBFactory, name: string): Promise<IDBDatabase | null> {
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve(null), OPEN_TIMEOUT_MS);
    const finish = (db: IDBDatabase | null) => {
      clearTimeout(timer);
      resolve(db);
    };
    let r: IDBOpenDBRequest;
    try {
      r = factory.open(name, 1);
    } catch {
      return finish(null);
    }
    r.onupgradeneeded = () => r.result.createObjectStore(STORE);
    r.onsuccess = () => finish(r.result);
    r.onerror = () => finish(null);
  });
}

export class IdbLedger implements Ledger {
  /** Each record as last read or written here; the record itself once the database failed. */
  private readonly known = new Map<string, LaneRecord>();
  private readonly listeners = new Set<(key: string) => void>();
  private db: Promise<IDBDatabase | null>;

  constructor(
    factory: IDBFactory,
    private readonly channel?: Channel,
    name = DB_NAME,
    private readonly stuckMs = STUCK_TX_MS,
  ) {
    this.db = openDb(factory, name).then((db) => {
      if (db) this.loadAll(db);
      return db;
    });
    channel?.addEventListener('message', (e) => {
      const key = (e.data as { key?: unknown } | null)?.key;
      if (typeof key === 'string') void this.reload(key);
    });
  }

  async update<T>(key: string, fn: (rec: LaneRecord) => T): Promise<T> {
    const db = await this.db;
    if (db) {
      const done = await this.inTransaction(db, key, fn);
      if (done) return done.out;
      // The database refused the change (full, closed): from now on this tab keeps its own record.
      this.db = Promise.resolve(null);
    }
    let rec = this.known.get(key);
    if (!rec) this.known.set(key, (rec = emptyRecord()));
    return fn(rec);
  }

  /** `fn` applied to the stored record in one readwrite transaction; null when it did not commit. */
  private inTransaction<T>(db: IDBDatabase, key: string, fn: (rec: LaneRecord) => T): Promise<{ out: T } | null> {
    return new Promise((resolve, reject) => {
      let tx: IDBTransaction;
      try {
        tx = db.transaction(STORE, 'readwrite', { durability: 'relaxed' });
      } catch {
        return resolve(null);
      }
      const store = tx.objectStore(STORE);
      let rec = emptyRecord();
      let result: { out: T } | null = null;
      let thrown: { e: unknown } | null = null;
      let changed = false;
      // Given up on: aborted (if it ever starts), and this tab keeps its own record from now on.
      const stuck = setTimeout(() => {
        try {
          tx.abort();
        } catch {
          // already finished
        }
        resolve(null);
      }, this.stuckMs);
      const got = store.get(key);
      got.onsuccess = () => {
        rec = normalizeRecord(got.result);
        const before = JSON.stringify(rec);
        try {
          result = { out: fn(rec) };
        } catch (e) {
          thrown = { e };
          tx.abort();
          return;
        }
        if (JSON.stringify(rec) !== before) {
          store.put(rec, key);
          changed = true;
        }
      };
      tx.oncomplete = () => {
        clearTimeout(stuck);
        this.known.set(key, rec);
        if (changed) this.channel?.postMessage({ key });
        resolve(result);
      };
      tx.onabort = () => {
        clearTimeout(stuck);
        if (thrown) reject(thrown.e);
        else resolve(null);
      };
    });
  }

  peek(key: string): LaneRecord {
    const rec = this.known.get(key);
    return rec ? copyRecord(rec) : emptyRecord();
  }

  /** Every stored record into `known` at start, so the first verdicts see what other tabs did. */
  private loadAll(db: IDBDatabase): void {
    try {
      const store = db.transaction(STORE, 'readonly').objectStore(STORE);
      const keys = store.getAllKeys();
      const values = store.getAll();
      values.onsuccess = () => {
        keys.result.forEach((k, i) => {
          if (typeof k === 'string' && !this.known.has(k)) this.known.set(k, normalizeRecord(values.result[i]));
        });
        for (const k of this.known.keys()) this.notify(k);
      };
    } catch {
      // Read at the next update instead.
    }
  }

  /** Another tab changed `key`: read it again, then tell the listeners. */
  private async reload(key: string): Promise<void> {
    const db = await this.db;
    if (!db) return;
    try {
      const got = db.transaction(STORE, 'readonly').objectStore(STORE).get(key);
      got.onsuccess = () => {
        this.known.set(key, normalizeRecord(got.result));
        this.notify(key);
      };
    } catch {
      this.notify(key);
    }
  }

  private notify(key: string): void {
    for (const l of this.listeners) l(key);
  }

  subscribe(listener: (key: string) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  clear(): void {
    this.known.clear();
    void this.db.then((db) => {
      try {
        db?.transaction(STORE, 'readwrite').objectStore(STORE).clear();
      } catch {
        // Nothing kept to clear.
      }
    });
  }
}

/** Where earlier versions kept the records: localStorage, which is not read in step across tabs. */
const OLD_PREFIX = 'volcano-rate:';

function dropOldRecords(): void {
  try {
    for (let i = localStorage.length - 1; i >= 0; i--) {
      const k = localStorage.key(i);
      if (k?.startsWith(OLD_PREFIX)) localStorage.removeItem(k);
    }
  } catch {
    // No localStorage, or denied: nothing was kept there either.
  }
}

/** The browser-wide ledger where IndexedDB exists; else per tab. */
export function browserLedger(): Ledger {
  try {
    if (typeof indexedDB === 'undefined') return new MemoryLedger();
    dropOldRecords();
    const channel = typeof BroadcastChannel === 'undefined' ? undefined : new BroadcastChannel('volcano-rate');
    return new IdbLedger(indexedDB, channel);
  } catch {
    // indexedDB access throws when storage is disabled for the site.
    return new MemoryLedger();
  }
}

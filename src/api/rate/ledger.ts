/**
 * Where the rate limiter keeps what it has sent. The service counts requests per client IP, so
 * every tab of one browser (a wall display plus desk tabs, or a page being reloaded) must draw on
 * one budget: the record of each lane lives in localStorage, changed only under a Web Lock, and a
 * BroadcastChannel tells the other tabs when it changed. Without those APIs (old browsers, jsdom)
 * the record lives in this tab's memory: per-tab budgets, as before.
 */
export interface LaneRecord {
  /** Send times within the window, oldest first. */
  sent: number[];
  /** Set by a 429: nothing goes before this instant. */
  blockedUntil: number;
  /** Consecutive failures (5xx, no answer) of this lane across every request and tab. */
  failures: number;
  /** While failures > 0: the next probe may not go before this instant. */
  holdUntil: number;
  /** When the last counted failure was recorded: a request sent before it failed alongside it. */
  failedAt: number;
  /** The last failure as the user should read it: its status (0 = no answer) and detail. */
  lastStatus: number;
  lastDetail: string;
  /** 429s in a row without a success between them, and when the last one was counted. */
  limited: number;
  limitedAt: number;
}

export interface Ledger {
  /** Runs `fn` with exclusive access to the record of `key`; what it changes is kept. */
  update<T>(key: string, fn: (rec: LaneRecord) => T): Promise<T>;
  /** The record as last stored; for display only (no lock). */
  peek(key: string): LaneRecord;
  /** Called when another tab changed a record. */
  subscribe(listener: (key: string) => void): () => void;
  /** Forget everything (tests). */
  clear(): void;
}

export const emptyRecord = (): LaneRecord => ({
  sent: [],
  blockedUntil: 0,
  failures: 0,
  holdUntil: 0,
  failedAt: 0,
  lastStatus: 0,
  lastDetail: '',
  limited: 0,
  limitedAt: 0,
});

export class MemoryLedger implements Ledger {
  private records = new Map<string, LaneRecord>();

  update<T>(key: string, fn: (rec: LaneRecord) => T): Promise<T> {
    let rec = this.records.get(key);
    if (!rec) this.records.set(key, (rec = emptyRecord()));
    return Promise.resolve(fn(rec));
  }

  peek(key: string): LaneRecord {
    return this.records.get(key) ?? emptyRecord();
  }

  subscribe(): () => void {
    return () => {};
  }

  clear(): void {
    this.records.clear();
  }
}

/** `navigator.locks.request(name, cb)` reduced to what the ledger needs. */
export type LockFn = <T>(name: string, cb: () => T | Promise<T>) => Promise<T>;

/** The part of BroadcastChannel the ledger uses. */
export interface Channel {
  postMessage(message: unknown): void;
  addEventListener(type: 'message', cb: (e: MessageEvent) => void): void;
}

const PREFIX = 'volcano-rate:';

function readRecord(storage: Storage, key: string): LaneRecord {
  const raw = storage.getItem(PREFIX + key);
  if (!raw) return emptyRecord();
  try {
    const r = JSON.parse(raw) as Partial<LaneRecord>;
    const num = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) ? v : 0);
    return {
      sent: Array.isArray(r.sent) ? r.sent.filter((t): t is number => typeof t === 'number').sort((a, b) => a - b) : [],
      blockedUntil: num(r.blockedUntil),
      failures: num(r.failures),
      holdUntil: num(r.holdUntil),
      failedAt: num(r.failedAt),
      lastStatus: num(r.lastStatus),
      lastDetail: typeof r.lastDetail === 'string' ? r.lastDetail.slice(0, 300) : '',
      limited: num(r.limited),
      limitedAt: num(r.limitedAt),
    };
  } catch {
    // Another version of the app, or a hand edit: start afresh rather than stall.
    return emptyRecord();
  }
}

export class StorageLedger implements Ledger {
  private listeners = new Set<(key: string) => void>();

  constructor(
    private readonly storage: Storage,
    private readonly lock: LockFn,
    private readonly channel?: Channel,
  ) {
    channel?.addEventListener('message', (e) => {
      const key = (e.data as { key?: unknown } | null)?.key;
      if (typeof key === 'string') for (const l of this.listeners) l(key);
    });
  }

  update<T>(key: string, fn: (rec: LaneRecord) => T): Promise<T> {
    return this.lock(PREFIX + key, () => {
      const rec = readRecord(this.storage, key);
      const before = JSON.stringify(rec);
      const out = fn(rec);
      const after = JSON.stringify(rec);
      if (after !== before) {
        try {
          this.storage.setItem(PREFIX + key, after);
        } catch {
          // Storage full or denied: this tab still obeys the record it just computed.
        }
        this.channel?.postMessage({ key });
      }
      return out;
    });
  }

  peek(key: string): LaneRecord {
    return readRecord(this.storage, key);
  }

  subscribe(listener: (key: string) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  clear(): void {
    for (let i = this.storage.length - 1; i >= 0; i--) {
      const k = this.storage.key(i);
      if (k?.startsWith(PREFIX)) this.storage.removeItem(k);
    }
  }
}

/** The browser-wide ledger when Web Locks, localStorage and BroadcastChannel exist; else per tab. */
export function browserLedger(): Ledger {
  try {
    const locks = typeof navigator !== 'undefined' ? navigator.locks : undefined;
    if (!locks || typeof localStorage === 'undefined' || typeof BroadcastChannel === 'undefined')
      return new MemoryLedger();
    const lock: LockFn = <T>(name: string, cb: () => T | Promise<T>) =>
      locks.request(name, async () => cb()) as Promise<T>;
    return new StorageLedger(localStorage, lock, new BroadcastChannel('volcano-rate'));
  } catch {
    // localStorage access throws when storage is disabled for the site.
    return new MemoryLedger();
  }
}

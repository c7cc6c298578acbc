/**
 * Where the rate limiter keeps what it has sent. The service counts requests per client IP, so
 * every tab of one browser (a wall display plus desk tabs, or a page being reloaded) must draw on
 * one budget: the record of each lane lives in IndexedDB (idb-ledger.ts, `browserLedger`), and a
 * BroadcastChannel tells the other tabs when it changed. Without IndexedDB (an old browser, jsdom,
 * storage denied) the record lives in this tab's memory (MemoryLedger): per-tab budgets.
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
  /**
   * The wait the last 429's Retry-After asked for (ms), when it was longer than the host's window
   * allows and `blockedUntil` was cut to the window (wait-ceiling.ts); 0 otherwise.
   */
  askedMs: number;
}

export interface Ledger {
  /**
   * Runs `fn` with exclusive access to the record of `key` in every tab; what it changes is kept,
   * and seen by every tab, before the returned promise resolves (a send it grants is counted before
   * it is sent).
   */
  update<T>(key: string, fn: (rec: LaneRecord) => T): Promise<T>;
  /** The record as last known here: a copy, for display and quick verdicts (no exclusive access). */
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
  askedMs: 0,
});

export const copyRecord = (r: LaneRecord): LaneRecord => ({ ...r, sent: [...r.sent] });

/**
 * A stored record as this version reads it: fields of the wrong type are dropped to their empty
 * value (another version of the app, a hand edit), so a bad record starts afresh rather than stall.
 */
export function normalizeRecord(raw: unknown): LaneRecord {
  if (!raw || typeof raw !== 'object') return emptyRecord();
  const r = raw as Partial<Record<keyof LaneRecord, unknown>>;
  const num = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) ? v : 0);
  return {
    sent: Array.isArray(r.sent)
      ? r.sent.filter((t): t is number => typeof t === 'number' && Number.isFinite(t)).sort((a, b) => a - b)
      : [],
    blockedUntil: num(r.blockedUntil),
    failures: num(r.failures),
    holdUntil: num(r.holdUntil),
    failedAt: num(r.failedAt),
    lastStatus: num(r.lastStatus),
    lastDetail: typeof r.lastDetail === 'string' ? r.lastDetail.slice(0, 300) : '',
    limited: num(r.limited),
    limitedAt: num(r.limitedAt),
    askedMs: num(r.askedMs),
  };
}

export class MemoryLedger implements Ledger {
  private records = new Map<string, LaneRecord>();

  update<T>(key: string, fn: (rec: LaneRecord) => T): Promise<T> {
    let rec = this.records.get(key);
    if (!rec) this.records.set(key, (rec = emptyRecord()));
    return Promise.resolve(fn(rec));
  }

  peek(key: string): LaneRecord {
    const rec = this.records.get(key);
    return rec ? copyRecord(rec) : emptyRecord();
  }

  subscribe(): () => void {
    return () => {};
  }

  clear(): void {
    this.records.clear();
  }
}

/** The part of BroadcastChannel the ledger uses. */
export interface Channel {
  postMessage(message: unknown): void;
  addEventListener(type: 'message', cb: (e: MessageEvent) => void): void;
}

/**
 * Test helpers for the browser-wide rate limiter (src/api/rate): a shared store as IndexedDB is
 * shared by every tab, and a check that a request waits as long as it should on the fake clock.
 */
import { copyRecord, normalizeRecord, type LaneRecord, type Ledger } from '../api/rate/ledger';

/** Advances the fake clock `heldMs` expecting `p` still waiting, then `moreMs` expecting it through. */
export async function expectHeld(p: Promise<unknown>, heldMs: number, moreMs: number) {
  let done = false;
  void p.then(() => (done = true));
  await vi.advanceTimersByTimeAsync(heldMs);
  expect(done).toBe(false);
  await vi.advanceTimersByTimeAsync(moreMs);
  expect(done).toBe(true);
}

/**
 * One store shared by tabs, as IndexedDB is by every tab of a browser (idb-ledger.ts): each change
 * is seen by the next update of any tab, and the other tabs hear of it.
 */
export function browser() {
  const records = new Map<string, LaneRecord>();
  const tabs: ((key: string) => void)[] = [];
  const tab = (): Ledger => {
    const listeners = new Set<(key: string) => void>();
    const hear = (key: string) => listeners.forEach((l) => l(key));
    tabs.push(hear);
    return {
      // Later, as a transaction runs: requests asked for meanwhile are in the queue it reads.
      update: (key, fn) =>
        Promise.resolve().then(() => {
          const rec = normalizeRecord(records.get(key));
          const before = JSON.stringify(rec);
          const out = fn(rec);
          records.set(key, copyRecord(rec));
          if (JSON.stringify(rec) !== before) for (const t of tabs) if (t !== hear) t(key);
          return out;
        }),
      peek: (key) => normalizeRecord(records.get(key)),
      subscribe: (l) => {
        listeners.add(l);
        return () => listeners.delete(l);
      },
      clear: () => records.clear(),
    };
  };
  return { tab, records };
}

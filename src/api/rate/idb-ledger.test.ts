import { IDBFactory } from 'fake-indexeddb';
import { IdbLedger } from './idb-ledger';
import { normalizeRecord, type Channel } from './ledger';
import { grantSends } from './window';

/** BroadcastChannel between the tabs of one test. */
function channels() {
  const tabs: ((e: MessageEvent) => void)[] = [];
  return (): Channel => {
    let mine: ((e: MessageEvent) => void) | null = null;
    return {
      postMessage: (data) => tabs.filter((cb) => cb !== mine).forEach((cb) => cb({ data } as MessageEvent)),
      addEventListener: (_t, cb) => void tabs.push((mine = cb)),
    };
  };
}

const budget = { limit: 1e9, windowMs: 3_600_000 };
const grantOne = (l: IdbLedger) =>
  l.update('h|lane', (rec) => grantSends(rec, budget, Date.now(), 1, () => 0).stamps.length);

describe('IdbLedger', () => {
  it('keeps every grant of two tabs granting at once', async () => {
    const factory = new IDBFactory();
    const channel = channels();
    const tabs = [new IdbLedger(factory, channel()), new IdbLedger(factory, channel())];
    const run = async (l: IdbLedger) => {
      let n = 0;
      for (let i = 0; i < 150; i++) n += await grantOne(l);
      return n;
    };
    const granted = await Promise.all(tabs.map(run));
    expect(granted).toEqual([150, 150]);
    expect(await tabs[0]!.update('h|lane', (rec) => rec.sent.length)).toBe(300);
  });

  it('gives up on a store another page holds without end (WebKit back/forward cache) and keeps its own record', async () => {
    const factory = new IDBFactory();
    await new IdbLedger(factory).update('h|lane', (rec) => (rec.blockedUntil = 1));
    // A frozen page's transaction that never ends: it keeps asking, so it never commits.
    const frozen = await new Promise<IDBDatabase>((resolve) => {
      const r = factory.open('volcano-rate', 1);
      r.onsuccess = () => resolve(r.result);
    });
    let holding = true;
    const store = frozen.transaction('lanes', 'readwrite').objectStore('lanes');
    const hold = () => {
      if (holding) store.get('h|lane').onsuccess = hold;
    };
    hold();
    const next = new IdbLedger(factory, undefined, 'volcano-rate', 200);
    const started = Date.now();
    expect(await next.update('h|lane', (rec) => (rec.blockedUntil = 2))).toBe(2);
    expect(Date.now() - started).toBeGreaterThanOrEqual(190);
    expect(next.peek('h|lane').blockedUntil).toBe(2);
    holding = false;
  });

  it('has a change stored when its update resolves: a page opened next reads it', async () => {
    const factory = new IDBFactory();
    const before = new IdbLedger(factory);
    await before.update('h|lane', (rec) => (rec.blockedUntil = 1234));
    const after = new IdbLedger(factory);
    expect(await after.update('h|lane', (rec) => rec.blockedUntil)).toBe(1234);
    // And what is kept is readable at once for display, once loaded.
    await vi.waitFor(() => expect(after.peek('h|lane').blockedUntil).toBe(1234));
  });

  it('tells the other tabs of a change, whose copy then shows it', async () => {
    const factory = new IDBFactory();
    const channel = channels();
    const a = new IdbLedger(factory, channel());
    const b = new IdbLedger(factory, channel());
    const heard: string[] = [];
    b.subscribe((k) => heard.push(k));
    await a.update('h|lane', (rec) => (rec.failures = 3));
    await vi.waitFor(() => expect(b.peek('h|lane').failures).toBe(3));
    expect(heard).toContain('h|lane');
    // A peek is a copy: changing it changes nothing kept.
    b.peek('h|lane').failures = 9;
    expect(b.peek('h|lane').failures).toBe(3);
  });

  it('keeps the record in this tab when the database cannot be opened', async () => {
    const broken = {
      open: () => {
        throw new Error('denied');
      },
    } as unknown as IDBFactory;
    const l = new IdbLedger(broken);
    expect(await l.update('h|lane', (rec) => (rec.limited = 2))).toBe(2);
    expect(await l.update('h|lane', (rec) => rec.limited)).toBe(2);
    expect(l.peek('h|lane').limited).toBe(2);
  });

  it('rejects with what the change threw, keeping nothing of it', async () => {
    const l = new IdbLedger(new IDBFactory());
    await expect(
      l.update('h|lane', (rec) => {
        rec.failures = 5;
        throw new Error('bad');
      }),
    ).rejects.toThrow('bad');
    expect(await l.update('h|lane', (rec) => rec.failures)).toBe(0);
  });
});

describe('normalizeRecord', () => {
  it('drops fields of the wrong type and sorts the sends', () => {
    const r = normalizeRecord({
      sent: [3, 'x', 1, Infinity],
      blockedUntil: 'soon',
      failures: 2,
      lastDetail: 7,
      askedMs: NaN,
    });
    expect(r).toMatchObject({ sent: [1, 3], blockedUntil: 0, failures: 2, lastDetail: '', askedMs: 0 });
    expect(normalizeRecord('garbage').sent).toEqual([]);
  });
});

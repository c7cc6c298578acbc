/**
 * Issue 46: two tabs of one browser reloading a page that asks for three `q` at once, each reload on
 * the first answer, right after a spell of bare 429s on another endpoint. Each page is a new limiter
 * on a new connection to one IndexedDB (fake-indexeddb), as a reload makes; the service is a model
 * counting arrivals per fixed minute (01 §8). Nothing may be refused, and no q may wait longer than
 * the service's window (65 s) plus the budget's own minute.
 */
import { IDBFactory } from 'fake-indexeddb';
import { IdbLedger } from './idb-ledger';
import type { Channel } from './ledger';
import { RateLimiter } from './rate-limiter';

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

const BUDGETS = { rsam: { limit: 100, windowMs: 60_000 }, q: { limit: 100, windowMs: 60_000 } };
const LATENCY_MS = 40;

/** The service: fixed minutes of the clock, per endpoint; refuses past the limit, counting refusals too. */
function service() {
  const counts = new Map<string, number>();
  const refused: Record<string, number> = {};
  const arrivals: number[] = [];
  return {
    refused,
    arrivals,
    /** A request of `key` arriving now: true when answered, false when refused (429). */
    arrive(key: string): boolean {
      const minute = `${key}@${Math.floor(Date.now() / 60_000)}`;
      const n = (counts.get(minute) ?? 0) + 1;
      counts.set(minute, n);
      if (key === 'q') arrivals.push(Date.now());
      if (n > 100) refused[key] = (refused[key] ?? 0) + 1;
      return n <= 100;
    },
  };
}

describe('two tabs reloading on the first answer, after a spell of bare 429s', () => {
  beforeEach(() =>
    vi.useFakeTimers({
      now: Date.UTC(2025, 0, 1, 12, 0, 10),
      toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'],
    }),
  );
  afterEach(() => vi.useRealTimers());

  it('draws no 429 and never stalls', async () => {
    const factory = new IDBFactory();
    const channel = channels();
    const svc = service();
    const page = () => new RateLimiter(BUDGETS, () => Date.now(), { ledger: new IdbLedger(factory, channel()) });

    // The spell: 45 s of bare 429s on rsam, a view retrying as send() does.
    const spellTab = page();
    const spellEnd = Date.now() + 45_000;
    let spellRefusals = 0;
    void (async () => {
      while (Date.now() < spellEnd) {
        const stamp = await spellTab.acquire('rsam', undefined, { retry: spellRefusals > 0 });
        const sentAt = Date.now();
        await new Promise((r) => setTimeout(r, LATENCY_MS));
        void spellTab.answered('rsam', stamp);
        if (Date.now() < spellEnd) {
          spellRefusals++;
          await spellTab.rateLimited('rsam', { sentAt });
        } else await spellTab.succeeded('rsam');
      }
    })();
    await vi.advanceTimersByTimeAsync(60_000 - (Date.now() % 60_000) + 200);
    expect(spellRefusals).toBeGreaterThan(0);

    // The burst: each page asks three q at once; the first answer reloads it (the others are cut off).
    const reloads = async (times: number) => {
      for (let i = 0; i < times; i++) {
        const p = page();
        await new Promise<void>((reloaded) => {
          let done = false;
          for (let k = 0; k < 3; k++)
            void p.acquire('q', undefined, { failFast: true }).then(
              async (stamp) => {
                if (done) return;
                await new Promise((r) => setTimeout(r, LATENCY_MS));
                if (done) return;
                const ok = svc.arrive('q');
                done = true;
                void p.answered('q', stamp);
                if (!ok) void p.rateLimited('q', { sentAt: Date.now() - LATENCY_MS });
                reloaded();
              },
              () => undefined,
            );
        });
      }
    };
    const started = Date.now();
    let finished = 0;
    void Promise.all([reloads(55), reloads(55)]).then(() => (finished = Date.now()));
    for (let i = 0; i < 60 && !finished; i++) await vi.advanceTimersByTimeAsync(10_000);
    expect(finished, 'the burst finished').toBeGreaterThan(0);
    expect(svc.refused).toEqual({});
    const gaps = svc.arrivals.slice(1).map((t, i) => t - svc.arrivals[i]!);
    expect(Math.max(...gaps)).toBeLessThan(125_000);
    console.log(`burst: ${svc.arrivals.length} q in ${Math.round((finished - started) / 1000)} s`);
  });
});

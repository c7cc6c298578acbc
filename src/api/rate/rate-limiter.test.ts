import { RateLimiter } from './rate-limiter';
import { browser, expectHeld } from '../../test/shared-ledger';
import { LaneHeld, RESET_JITTER_MS, RESET_MARGIN_MS, WINDOW_MARGIN_MS } from './window';
import type { LaneRecord } from './ledger';
import { waitCeilingMs } from './wait-ceiling';

/** How many entries `sends` gained in each of the next `minutes` minutes of the fake clock. */
async function sendsPerMinute(sends: readonly unknown[], minutes: number): Promise<number[]> {
  const out: number[] = [];
  for (let m = 0; m < minutes; m++) {
    const before = sends.length;
    await vi.advanceTimersByTimeAsync(60_000);
    out.push(sends.length - before);
  }
  return out;
}

/**
 * Sends (fake-clock times) of callers hitting a lane that fails every request: the first `callers`
 * at most go together (granted before any failure was known), then one at a time, each wait at
 * least as long as the one before (the backoff grows; it never lets two go together again).
 */
function expectOneProbeAtATime(sends: readonly number[], callers: number) {
  const together = sends.filter((t) => t === sends[0]).length;
  expect(together).toBeGreaterThanOrEqual(1);
  expect(together).toBeLessThanOrEqual(callers);
  const probes = sends.slice(together);
  expect(probes.length).toBeGreaterThanOrEqual(3);
  let gap = 0;
  let last = sends[0]!;
  for (const t of probes) {
    expect(t - last).toBeGreaterThanOrEqual(Math.max(gap, 500));
    gap = t - last;
    last = t;
  }
}

describe('RateLimiter', () => {
  beforeEach(() => vi.useFakeTimers({ now: Date.UTC(2025, 0, 1) }));
  afterEach(() => vi.useRealTimers());

  it('grants up to the budget at once and queues the rest until the window moves', async () => {
    const rl = new RateLimiter({ a: { limit: 3, windowMs: 60_000 } });
    const granted: number[] = [];
    for (let i = 0; i < 5; i++)
      void rl.acquire('a').then((stamp) => {
        granted.push(i);
        return rl.answered('a', stamp);
      });
    await vi.advanceTimersByTimeAsync(0);
    expect(granted).toEqual([0, 1, 2]);
    expect(rl.snapshot().queued).toBe(2);
    expect(rl.snapshot().waitMs).toBe(60_000 + WINDOW_MARGIN_MS);
    await vi.advanceTimersByTimeAsync(60_000 + WINDOW_MARGIN_MS);
    expect(granted).toEqual([0, 1, 2, 3, 4]);
    expect(rl.snapshot().queued).toBe(0);
  });

  it('grants every waiter the budget has room for in one lock of the shared record, in order', async () => {
    // Each update of the record is a Web Lock round trip; the 12-39 chunks of a year must not
    // go out one round trip apart.
    const ledger = browser().tab();
    const update = vi.spyOn(ledger, 'update');
    const rl = new RateLimiter({ a: { limit: 8, windowMs: 60_000 } }, () => Date.now(), { ledger });
    const granted: number[] = [];
    const updatesBefore: number[] = [];
    const stamps: number[] = [];
    for (let i = 0; i < 12; i++)
      void rl.acquire('a').then((stamp) => {
        granted.push(i);
        stamps.push(stamp);
        updatesBefore.push(update.mock.calls.length);
      });
    await vi.advanceTimersByTimeAsync(0);
    expect(granted).toEqual([0, 1, 2, 3, 4, 5, 6, 7]);
    // No update of the record came between two grants (one at a time, each took its own).
    expect(new Set(updatesBefore).size).toBe(1);
    await Promise.all(stamps.map((stamp) => rl.answered('a', stamp)));
    expect(rl.snapshot().queued).toBe(4);
    await vi.advanceTimersByTimeAsync(60_000 + WINDOW_MARGIN_MS);
    expect(granted).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11]);
  });

  it('gives a grant whose request gave up while the record was being updated to the next one waiting', async () => {
    const ledger = browser().tab();
    const update = ledger.update.bind(ledger);
    const gaveUp = new AbortController();
    // A gives up after the update counted the sends, before the grants are handed out.
    vi.spyOn(ledger, 'update').mockImplementation((key: string, fn: (rec: LaneRecord) => unknown) =>
      update(key, (rec) => {
        const out = fn(rec);
        gaveUp.abort();
        return out;
      }),
    );
    const rl = new RateLimiter({ a: { limit: 2, windowMs: 60_000 } }, () => Date.now(), { ledger });
    const got: string[] = [];
    rl.acquire('a', gaveUp.signal).then(
      () => got.push('A'),
      () => got.push('A gave up'),
    );
    void rl.acquire('a').then(() => got.push('B'));
    void rl.acquire('a').then(() => got.push('C'));
    await vi.advanceTimersByTimeAsync(0);
    // Two sends were counted: B and C make them, rather than C waiting a window for nothing.
    expect(got).toEqual(['A gave up', 'B', 'C']);
  });

  it('counts a slow request from its answer: the service may have counted it that late', async () => {
    const rl = new RateLimiter({ a: { limit: 1, windowMs: 60_000 } });
    const slow = await rl.acquire('a');
    // The answer takes 20 s (queued in the browser, a slow link): the request may have reached the
    // service only then, so its slot stays taken until 20 s + the window, not the window alone.
    await vi.advanceTimersByTimeAsync(20_000);
    await rl.answered('a', slow);
    let next = false;
    void rl.acquire('a').then(() => (next = true));
    await vi.advanceTimersByTimeAsync(60_000 + WINDOW_MARGIN_MS - 20_000);
    expect(next).toBe(false);
    await vi.advanceTimersByTimeAsync(20_000);
    expect(next).toBe(true);
  });

  it('rejects a queued request when its signal aborts and frees its place', async () => {
    const rl = new RateLimiter({ a: { limit: 1, windowMs: 60_000 } });
    await rl.acquire('a');
    const ac = new AbortController();
    const p = rl.acquire('a', ac.signal);
    ac.abort();
    await expect(p).rejects.toMatchObject({ name: 'AbortError' });
    expect(rl.snapshot().queued).toBe(0);
  });

  it('holds an endpoint blocked by a 429 until the given time', async () => {
    const rl = new RateLimiter({ a: { limit: 10, windowMs: 60_000 } });
    rl.block('a', Date.now() + 5_000);
    await expectHeld(rl.acquire('a'), 4_999, 1);
  });

  it('lets unknown endpoints pass and notifies subscribers', async () => {
    const rl = new RateLimiter({ a: { limit: 1, windowMs: 1000 } });
    await rl.acquire('unknown');
    const seen = vi.fn();
    rl.subscribe(seen);
    await rl.acquire('a');
    expect(seen).toHaveBeenCalled();
  });
});

describe('RateLimiter under refusals and outages', () => {
  beforeEach(() => vi.useFakeTimers({ now: Date.UTC(2025, 0, 1, 12, 0, 17) }));
  afterEach(() => vi.useRealTimers());

  it('holds a lane refused without Retry-After until after the next whole minute', async () => {
    const rl = new RateLimiter({ a: { limit: 10, windowMs: 60_000 } }, () => Date.now(), { random: () => 1 });
    const until = await rl.rateLimited('a');
    expect(until).toBeGreaterThanOrEqual(Date.UTC(2025, 0, 1, 12, 1, 0) + RESET_MARGIN_MS);
    expect(until).toBeLessThanOrEqual(Date.UTC(2025, 0, 1, 12, 1, 0) + RESET_MARGIN_MS + RESET_JITTER_MS);
    let sentAt = 0;
    void rl.acquire('a').then(() => (sentAt = Date.now()));
    await vi.advanceTimersByTimeAsync(44_000);
    expect(sentAt).toBe(0);
    expect(rl.snapshot().endpoints[0]).toMatchObject({ reason: 'rate-limited', untilMs: until });
    await vi.advanceTimersByTimeAsync(10_000);
    expect(sentAt).toBe(until);
  });

  it('backs off further with each 429 in a row, up to a window from the refusal, and forgets on success', async () => {
    const rl = new RateLimiter({ a: { limit: 10, windowMs: 60_000 } }, () => Date.now(), { random: () => 0 });
    const minute = (m: number) => Date.UTC(2025, 0, 1, 12, m, 0) + RESET_MARGIN_MS;
    const ceiling = waitCeilingMs('minute');
    const sent = Date.now();
    expect(await rl.rateLimited('a', { sentAt: sent })).toBe(minute(1));
    // Sent alongside the first: the same window, not a second refusal in a row.
    expect(await rl.rateLimited('a', { sentAt: sent })).toBe(minute(1));
    await vi.advanceTimersByTimeAsync(minute(1) - Date.now());
    // Refused again after waiting: one more minute on top of the next reset, cut to the ceiling (a
    // window and its margins from the refusal); and again.
    expect(await rl.rateLimited('a', { sentAt: Date.now() })).toBe(Date.now() + ceiling);
    await vi.advanceTimersByTimeAsync(minute(3) - Date.now());
    expect(await rl.rateLimited('a', { sentAt: Date.now() })).toBe(Date.now() + ceiling);
    await rl.succeeded('a');
    await vi.advanceTimersByTimeAsync(minute(8) - Date.now());
    expect(await rl.rateLimited('a', { sentAt: Date.now() })).toBe(minute(9));
  });

  it('cuts a Retry-After longer than the window to the window, and says what was asked', async () => {
    const rl = new RateLimiter({ a: { limit: 10, windowMs: 60_000 } }, () => Date.now(), { random: () => 0 });
    const t0 = Date.now();
    const asked = 99_999_999_000;
    const until = await rl.rateLimited('a', { retryAfterMs: asked, sentAt: t0 });
    expect(until).toBe(t0 + waitCeilingMs('minute'));
    const p = rl.acquire('a');
    await vi.advanceTimersByTimeAsync(0);
    expect(rl.snapshot().endpoints[0]).toMatchObject({ reason: 'rate-limited', untilMs: until, askedMs: asked });
    await expectHeld(p, until - Date.now() - 1, 1);
    // A wait within the window is kept as asked, and nothing is said of it.
    const again = await rl.rateLimited('a', { retryAfterMs: 20_000, sentAt: Date.now() });
    expect(again).toBe(Date.now() + 20_000);
    void rl.acquire('a').catch(() => undefined);
    await vi.advanceTimersByTimeAsync(0);
    expect(rl.snapshot().endpoints[0]!.askedMs).toBeNull();
    rl.reset();
  });

  it('holds a lane no longer than its ceiling, whatever the caller asks', async () => {
    const rl = new RateLimiter({ a: { limit: 10, windowMs: 60_000 } }, () => Date.now(), {
      ceilingFor: () => 10_000,
    });
    const t0 = Date.now();
    expect(await rl.rateLimited('a', { retryAfterMs: 3_600_000 })).toBe(t0 + 10_000);
    expect(await rl.rateLimited('a', { retryAfterMs: 3_600_000, ceilingMs: 5_000 })).toBe(t0 + 10_000);
    expect(await rl.rateLimited('a', { retryAfterMs: Infinity })).toBe(t0 + 10_000);
  });

  it('lets the request rate fall during a long outage, however many requests want the lane', async () => {
    const rl = new RateLimiter({ a: { limit: 100, windowMs: 60_000 } }, () => Date.now(), { random: () => 0.5 });
    const sends: number[] = [];
    // Twenty callers that each retry forever on failure, as twenty views would.
    const caller = async () => {
      for (;;) {
        await rl.acquire('a');
        sends.push(Date.now());
        await rl.failed('a');
      }
    };
    // rl.reset() at the end rejects their waits: that is how the callers stop.
    for (let i = 0; i < 20; i++) caller().catch(() => undefined);
    const perMinute = await sendsPerMinute(sends, 6);
    // The callers asking before any failure is known go together, once each; once it is known they
    // no longer go together but one probe at a time, each period twice the last up to the cap
    // (30–60 s): a few in the first minute, then 1–2.
    expectOneProbeAtATime(sends, 20);
    for (let i = 1; i < perMinute.length; i++) expect(perMinute[i]).toBeLessThan(perMinute[0]!);
    for (let i = 1; i < perMinute.length; i++) expect(perMinute[i]).toBeLessThanOrEqual(2);
    rl.reset();
  });

  it('keeps the rate falling when callers learn of the outage at once and come back at the probe', async () => {
    const rl = new RateLimiter({ a: { limit: 100, windowMs: 60_000 } }, () => Date.now(), { random: () => 0.5 });
    const sends: number[] = [];
    let refused = 0;
    let stop = false;
    // Twenty queries as src/api/http/retry.ts runs them: fail fast while the lane holds, refetch at its probe.
    const caller = async () => {
      while (!stop) {
        try {
          await rl.acquire('a', undefined, { failFast: true });
        } catch (e) {
          if (!(e instanceof LaneHeld)) return;
          refused++;
          await new Promise((r) => setTimeout(r, e.until - Date.now() + 20));
          continue;
        }
        const sentAt = Date.now();
        sends.push(sentAt);
        const until = await rl.failed('a', { status: 503, detail: 'down', sentAt });
        await new Promise((r) => setTimeout(r, until - Date.now() + 20));
      }
    };
    for (let i = 0; i < 20; i++) caller().catch(() => undefined);
    const perMinute = await sendsPerMinute(sends, 6);
    stop = true;
    // The first failure refuses the others at once; then one probe per period, each twice the last.
    expectOneProbeAtATime(sends, 20);
    for (let i = 1; i < perMinute.length; i++) expect(perMinute[i]).toBeLessThan(perMinute[0]!);
    for (let i = 1; i < perMinute.length; i++) expect(perMinute[i]).toBeLessThanOrEqual(2);
    expect(refused).toBeGreaterThan(20);
    rl.reset();
  });

  it('counts failures in flight together once, and each failed probe doubles the hold', async () => {
    const rl = new RateLimiter({ a: { limit: 100, windowMs: 60_000 } }, () => Date.now(), { random: () => 1 });
    const t0 = Date.now();
    for (let i = 0; i < 5; i++) await rl.acquire('a');
    let until = 0;
    for (let i = 0; i < 5; i++) until = await rl.failed('a', { status: 500, detail: 'x', sentAt: t0 });
    expect(until - t0).toBe(1_000);
    await vi.advanceTimersByTimeAsync(1_000);
    await rl.acquire('a');
    until = await rl.failed('a', { status: 500, detail: 'x', sentAt: Date.now() });
    expect(until - Date.now()).toBe(2_000);
  });

  it('refuses a new request at once while the lane backs off, naming the last failure', async () => {
    const rl = new RateLimiter({ a: { limit: 100, windowMs: 60_000 } }, () => Date.now(), { random: () => 1 });
    const until = await rl.failed('a', { status: 502, detail: 'bad gateway', sentAt: Date.now() });
    await expect(rl.acquire('a', undefined, { failFast: true })).rejects.toMatchObject({
      until,
      failures: 1,
      lastStatus: 502,
      lastDetail: 'bad gateway',
    });
    // Without failFast the request waits for the probe instead.
    let granted = false;
    void rl.acquire('a').then(() => (granted = true));
    await vi.advanceTimersByTimeAsync(until - Date.now() - 1);
    expect(granted).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(granted).toBe(true);
  });

  it('fails a request that came for the probe at once when another request became the probe', async () => {
    const rl = new RateLimiter({ a: { limit: 100, windowMs: 60_000 } }, () => Date.now(), { random: () => 1 });
    const until = await rl.failed('a', { status: 0, detail: 'no answer', sentAt: Date.now() });
    // Both arrive within the fail-fast window before the probe: both may wait for it.
    await vi.advanceTimersByTimeAsync(until - Date.now() - 100);
    const outcomes: string[] = [];
    for (const name of ['first', 'second'])
      void rl.acquire('a', undefined, { failFast: true }).then(
        () => outcomes.push(`${name} sent`),
        (e: unknown) => outcomes.push(`${name} ${e instanceof LaneHeld ? 'held' : 'other'}`),
      );
    await vi.advanceTimersByTimeAsync(100);
    // The first is the probe; the second fails with the lane's hold instead of waiting a backoff.
    expect(outcomes).toEqual(['first sent', 'second held']);
  });

  it('tells listeners when a failing lane answers again, and only then', async () => {
    const rl = new RateLimiter({ a: { limit: 100, windowMs: 60_000 } });
    const heard: string[] = [];
    rl.onRecovered((k) => heard.push(k));
    await rl.succeeded('a');
    expect(heard).toEqual([]);
    await rl.failed('a');
    await rl.succeeded('a');
    expect(heard).toEqual(['a']);
  });

  it('reopens a failing lane after a success', async () => {
    const rl = new RateLimiter({ a: { limit: 100, windowMs: 60_000 } }, () => Date.now(), { random: () => 0.5 });
    for (let i = 0; i < 6; i++) await rl.failed('a');
    await rl.succeeded('a');
    let done = 0;
    for (let i = 0; i < 3; i++) void rl.acquire('a').then(() => done++);
    await vi.advanceTimersByTimeAsync(0);
    expect(done).toBe(3);
  });

  it('refreshes its snapshot every second while something waits, so a countdown moves', async () => {
    const rl = new RateLimiter({ a: { limit: 1, windowMs: 60_000 } });
    await rl.acquire('a');
    void rl.acquire('a').catch(() => {});
    await vi.advanceTimersByTimeAsync(0);
    const first = rl.snapshot().waitMs!;
    await vi.advanceTimersByTimeAsync(3_000);
    expect(rl.snapshot().waitMs).toBe(first - 3_000);
    rl.reset();
  });
});

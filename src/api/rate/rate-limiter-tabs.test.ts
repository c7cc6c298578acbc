import { RateLimiter } from './rate-limiter';
import { IN_FLIGHT_MS, RESET_MARGIN_MS, WINDOW_MARGIN_MS } from './window';
import { emptyRecord } from './ledger';
import { MAX_TIMER_MS } from './timer';
import { waitCeilingMs } from './wait-ceiling';
import { browser, expectHeld } from '../../test/shared-ledger';

describe('RateLimiter shared by tabs', () => {
  beforeEach(() => vi.useFakeTimers({ now: Date.UTC(2025, 0, 1, 12) }));
  afterEach(() => vi.useRealTimers());

  it('keeps two tabs within one budget together', async () => {
    const b = browser();
    const budgets = { a: { limit: 10, windowMs: 60_000 } };
    const tab1 = new RateLimiter(budgets, () => Date.now(), { ledger: b.tab() });
    const tab2 = new RateLimiter(budgets, () => Date.now(), { ledger: b.tab() });
    const sent: number[] = [];
    for (let i = 0; i < 10; i++) {
      for (const tab of [tab1, tab2])
        void tab.acquire('a').then((stamp) => {
          sent.push(Date.now());
          return tab.answered('a', stamp);
        });
    }
    await vi.advanceTimersByTimeAsync(30_000);
    expect(sent).toHaveLength(10);
    await vi.advanceTimersByTimeAsync(35_000);
    expect(sent).toHaveLength(20);
    for (const t of sent) expect(sent.filter((u) => u >= t && u < t + 60_000).length).toBeLessThanOrEqual(10);
  });

  it('carries a 429 seen by one tab to the other', async () => {
    const b = browser();
    const budgets = { a: { limit: 10, windowMs: 60_000 } };
    const tab1 = new RateLimiter(budgets, () => Date.now(), { ledger: b.tab() });
    const tab2 = new RateLimiter(budgets, () => Date.now(), { ledger: b.tab() });
    await tab1.rateLimited('a', { retryAfterMs: 20_000 });
    let at = 0;
    void tab2.acquire('a').then(() => (at = Date.now()));
    await vi.advanceTimersByTimeAsync(25_000);
    expect(at).toBe(Date.UTC(2025, 0, 1, 12) + 20_000);
  });

  it('survives a reload: a new limiter on the same storage sees the earlier sends', async () => {
    const b = browser();
    const budgets = { a: { limit: 3, windowMs: 60_000 } };
    const before = new RateLimiter(budgets, () => Date.now(), { ledger: b.tab() });
    for (let i = 0; i < 3; i++) await before.answered('a', await before.acquire('a'));
    const after = new RateLimiter(budgets, () => Date.now(), { ledger: b.tab() });
    await expectHeld(after.acquire('a'), 59_000, 3_000);
  });

  it('keeps counting requests a reload cut off unanswered: the service may have seen them until then', async () => {
    const b = browser();
    const budgets = { a: { limit: 3, windowMs: 60_000 } };
    const before = new RateLimiter(budgets, () => Date.now(), { ledger: b.tab() });
    // Sent, then the page reloads before any answer: nothing restamps them.
    for (let i = 0; i < 3; i++) await before.acquire('a');
    const after = new RateLimiter(budgets, () => Date.now(), { ledger: b.tab() });
    // Counted as if answered IN_FLIGHT_MS after the send, then for the window (+ margin).
    await expectHeld(after.acquire('a'), IN_FLIGHT_MS + 60_000 + WINDOW_MARGIN_MS - 1_000, 2_000);
  });
});

describe('RateLimiter on a record a hostile answer or an older page left', () => {
  beforeEach(() => vi.useFakeTimers({ now: Date.UTC(2025, 0, 1, 12, 0, 30) }));
  afterEach(() => vi.useRealTimers());

  it('cuts a stored hold years ahead to the ceiling when read, across a reload', async () => {
    const b = browser();
    const t0 = Date.now();
    // What a page of an earlier version wrote after `Retry-After: 99999999`, and stamps far ahead.
    b.records.set('|a', {
      ...emptyRecord(),
      blockedUntil: t0 + 99_999_999_000,
      holdUntil: t0 + 1e12,
      failures: 1,
      sent: [t0 + 5e11, t0 + 6e11],
      limited: 40,
      limitedAt: t0 + 1e12,
    });
    const timers = vi.spyOn(globalThis, 'setTimeout');
    const rl = new RateLimiter({ a: { limit: 2, windowMs: 60_000 } }, () => Date.now(), { ledger: b.tab() });
    let sentAt = 0;
    void rl.acquire('a').then(() => (sentAt = Date.now()));
    await vi.advanceTimersByTimeAsync(waitCeilingMs('minute') + 60_000 + 15_000 + 2_000);
    expect(sentAt).toBeGreaterThan(0);
    // The two stamps count at most until the in-flight horizon, then for a window.
    expect(sentAt - t0).toBeLessThanOrEqual(waitCeilingMs('minute') + 60_000 + 15_000 + 1_000);
    for (const call of timers.mock.calls) expect(call[1] ?? 0).toBeLessThanOrEqual(MAX_TIMER_MS);
    // The record as now stored holds nothing beyond the ceiling either.
    const stored = b.records.get('|a')!;
    expect(stored.blockedUntil - t0).toBeLessThanOrEqual(waitCeilingMs('minute'));
    expect(Math.max(...stored.sent) - sentAt).toBeLessThanOrEqual(15_000);
  });

  it('forgets a run of bare 429s minutes old: a new page refused once waits for the next minute, not a window', async () => {
    const b = browser();
    const budgets = { a: { limit: 100, windowMs: 60_000 } };
    const spell = new RateLimiter(budgets, () => Date.now(), { ledger: b.tab(), random: () => 0 });
    // A spell of three refusals in a row, its page then gone without an answer that ended the run.
    for (let i = 0; i < 3; i++) {
      const until = await spell.rateLimited('a', { sentAt: Date.now() });
      await vi.advanceTimersByTimeAsync(until - Date.now());
    }
    expect(b.records.get('|a')?.limited).toBe(3);
    await vi.advanceTimersByTimeAsync(5 * 60_000);
    // Five minutes on, at 17 s past a minute: refused once, the lane waits for the next minute's reset.
    await vi.advanceTimersByTimeAsync(60_000 - (Date.now() % 60_000) + 17_000);
    const page = new RateLimiter(budgets, () => Date.now(), { ledger: b.tab(), random: () => 0 });
    const until = await page.rateLimited('a', { sentAt: Date.now() });
    expect(until - Date.now()).toBe(43_000 + RESET_MARGIN_MS);
    expect(b.records.get('|a')?.limited).toBe(1);
  });

  it('forgets failures minutes old that no answer ended: a new page sends at once, no request held behind a probe', async () => {
    const b = browser();
    const budgets = { a: { limit: 100, windowMs: 60_000 } };
    const before = new RateLimiter(budgets, () => Date.now(), { ledger: b.tab(), random: () => 1 });
    // Seven failed probes, then the page reloaded before the next probe's answer was read.
    for (let i = 0; i < 7; i++) await before.failed('a', { status: 0, detail: 'no answer' });
    await vi.advanceTimersByTimeAsync(10 * 60_000);
    const after = new RateLimiter(budgets, () => Date.now(), { ledger: b.tab(), random: () => 1 });
    const outcomes = await Promise.allSettled([1, 2, 3].map(() => after.acquire('a', undefined, { failFast: true })));
    expect(outcomes.map((o) => o.status)).toEqual(['fulfilled', 'fulfilled', 'fulfilled']);
    // A failure now starts a new run: a second's backoff, not the minute of the eighth.
    const held = await after.failed('a', { status: 0, detail: 'no answer' });
    expect(held - Date.now()).toBe(1_000);
  });

  it('keeps a run of failures while its probes keep failing within the window', async () => {
    const b = browser();
    const budgets = { a: { limit: 100, windowMs: 60_000 } };
    const tab = new RateLimiter(budgets, () => Date.now(), { ledger: b.tab(), random: () => 1 });
    for (let i = 0; i < 7; i++) {
      const until = await tab.failed('a', { status: 502, detail: 'bad gateway' });
      await vi.advanceTimersByTimeAsync(until - Date.now());
    }
    expect(b.records.get('|a')?.failures).toBe(7);
    await expect(tab.acquire('a', undefined, { failFast: true })).resolves.toBeGreaterThan(0);
    await expect(tab.acquire('a', undefined, { failFast: true })).rejects.toMatchObject({ failures: 7 });
  });
});

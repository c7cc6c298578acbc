import { QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { server } from '../../../mocks/node';
import { useTestConfig } from '../../test/test-config';
import { describeProxiedWait } from './proxied-rate-status';
import { describeWait } from './limiter-status';
import { RateLimitStatus } from './rate-limit-status';

const STATUS = 'http://proxy.test/observatory/status';
const NOW = Date.UTC(2026, 10, 28, 8, 30, 40);

/**
 * The proxy's status as it answers, its clock `ahead` of this browser's: six RSAM requests wait for
 * the browser's 08:31:02, two of them ours.
 */
function status(ahead: number) {
  const proxyNow = Date.now() + ahead;
  const lane = (name: string, waiting: number, mine: number) => ({
    name,
    limit: name === '/api/seismic/rsam' ? 100 : 60,
    sentThisMinute: waiting ? 100 : 0,
    waiting,
    waitingFromYou: mine,
    nextAt: waiting ? Date.UTC(2026, 10, 28, 8, 31, 2) + ahead : null,
    sentTotal: 140,
    refusedQueueFull: 0,
    refusedByService: 0,
    heldUntil: null,
  });
  return {
    proxy: 'observatory',
    now: proxyNow,
    startedAt: proxyNow - 3_600_000,
    windowMarginSeconds: 2,
    queueMinutes: 2,
    endpoints: [lane('/api/seismic/rsam', 6, 2), lane('/api/seismic/dates', 3, 0)],
    cache: { maxBytes: 2 ** 31, usedBytes: 2 ** 20, measuredAt: proxyNow, answers: { hit: 3, miss: 9 }, hitBytes: 10 },
  };
}

/** A query that stays in flight, as a request held in the proxy's queue does. */
function Slow() {
  useQuery({ queryKey: ['slow'], queryFn: () => new Promise<never>(() => {}) });
  return null;
}

function renderBehindProxy(ahead: number) {
  server.use(http.get(STATUS, () => HttpResponse.json(status(ahead))));
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <RateLimitStatus />
      <Slow />
    </QueryClientProvider>,
  );
}

describe('a request waiting in the observatory proxy’s queue', () => {
  beforeEach(() => {
    vi.useFakeTimers({ now: NOW, shouldAdvanceTime: true });
    useTestConfig({ observatoryProxy: { statusUrl: STATUS } });
  });
  afterEach(() => vi.useRealTimers());

  it('shows as a wait for the next minute, with this computer’s share, in UTC, not as an error', async () => {
    renderBehindProxy(0);
    const line = await screen.findByTestId('proxy-queue-status', {}, { timeout: 5_000 });
    expect(line).toHaveTextContent('Waiting in the observatory proxy’s queue');
    expect(line).toHaveTextContent(
      '/api/seismic/rsam: 2 requests from this computer waiting (6 in all at the observatory), within the observatory’s shared budget of 100 a minute; next at 2026-11-28 08:31:02 UTC',
    );
    // Only endpoints with requests of this computer: the other six are someone else's.
    expect(line).not.toHaveTextContent('/api/seismic/dates');
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('counts down on this browser’s clock when the proxy’s differs', async () => {
    // The proxy's clock is 5 minutes ahead: its 08:36:02 is this browser's 08:31:02.
    renderBehindProxy(300_000);
    const line = await screen.findByTestId('proxy-queue-status', {}, { timeout: 5_000 });
    expect(line).toHaveTextContent(/next at 2026-11-28 08:31:02 UTC, in 2\d s/);
  });
});

describe('a 429 behind the observatory proxy', () => {
  it('is said to be the proxy’s full queue, not the service’s refusal', () => {
    useTestConfig({ apiBaseUrl: '/observatory/main', observatoryProxy: { statusUrl: STATUS } });
    const e = {
      key: 'seismic.rsam',
      limit: Infinity,
      used: 0,
      queued: 3,
      retrying: 3,
      waitMs: 40_000,
      blockedUntil: NOW + 40_000,
      reason: 'rate-limited' as const,
      untilMs: NOW + 40_000,
      askedMs: null,
    };
    expect(describeProxiedWait(e, NOW)).toBe(
      '/api/seismic/rsam: 3 requests waiting, 3 of them retrying, the observatory proxy’s queue was full (429) until the time it named; next at 2026-11-28 08:31:20 UTC, in 40 s',
    );
    expect(describeWait(e, NOW)).toContain('the service refused (429)');
    // A host the proxy does not front keeps the service's wording.
    useTestConfig({ apiBaseUrl: 'https://api.example.org', observatoryProxy: { statusUrl: STATUS } });
    expect(describeProxiedWait(e, NOW)).toContain('the service refused (429)');
  });
});

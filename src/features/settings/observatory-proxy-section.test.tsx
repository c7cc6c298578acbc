import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { server } from '../../../mocks/node';
import { useTestConfig } from '../../test/test-config';
import { ObservatoryProxySection } from './observatory-proxy-section';

const STATUS = 'http://proxy.test/observatory/status';
const MB = 2 ** 20;

function lane(name: string, o: Record<string, unknown> = {}) {
  return {
    name,
    limit: 60,
    sentThisMinute: 0,
    waiting: 0,
    waitingFromYou: 0,
    nextAt: null,
    sentTotal: 0,
    refusedQueueFull: 0,
    refusedByService: 0,
    heldUntil: null,
    ...o,
  };
}

function renderSection() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <ObservatoryProxySection statusUrl={STATUS} />
    </QueryClientProvider>,
  );
}

describe('settings: observatory proxy', () => {
  beforeEach(() => {
    useTestConfig({ observatoryProxy: { statusUrl: STATUS } });
  });

  it('says the app is behind the proxy and shows its cache and its budget per endpoint', async () => {
    server.use(
      http.get(STATUS, () =>
        HttpResponse.json({
          proxy: 'observatory',
          now: Date.now(),
          startedAt: Date.UTC(2026, 10, 28, 6, 0, 0),
          windowMarginSeconds: 2,
          queueMinutes: 2,
          endpoints: [
            lane('/api/seismic/rsam', {
              limit: 100,
              sentThisMinute: 100,
              waiting: 40,
              nextAt: Date.now() + 20_000,
              sentTotal: 140,
            }),
            lane('legacy', { refusedByService: 1 }),
          ],
          cache: {
            maxBytes: 2048 * MB,
            usedBytes: 300 * MB,
            measuredAt: Date.now(),
            answers: { hit: 126, miss: 14, bypass: 0 },
            hitBytes: 290 * MB,
          },
        }),
      ),
    );
    renderSection();
    expect(screen.getByRole('heading', { name: 'Observatory proxy' })).toBeInTheDocument();
    expect(screen.getByText(/This app is behind the observatory proxy/)).toBeInTheDocument();
    expect(await screen.findByTestId('proxy-cache-size')).toHaveTextContent(/^300 MB of at most 2048 MB \(measured/);
    expect(screen.getByTestId('proxy-cache-hits')).toHaveTextContent(
      '126 of 140 answers (90 %), 290 MB not fetched from the service',
    );
    const table = screen.getByRole('table', { name: 'Shared rate budget of the observatory proxy' });
    const rsam = within(table).getByRole('row', { name: /\/api\/seismic\/rsam/ });
    expect(
      within(rsam)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual([
      '/api/seismic/rsam',
      '100',
      '100',
      expect.stringMatching(/^40 \(next at \d{4}-\d\d-\d\d \d\d:\d\d:\d\d UTC\)$/),
      '140',
      '0',
      '0',
    ]);
    expect(within(table).getByRole('row', { name: /legacy imagery v1/ })).toBeInTheDocument();
  });

  it('says so when the proxy does not answer its status', async () => {
    server.use(http.get(STATUS, () => new HttpResponse('Bad Gateway', { status: 502 })));
    renderSection();
    expect(await screen.findByRole('alert')).toHaveTextContent(/observatory proxy status/i);
  });
});

import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import type { ReactNode } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { server } from '../../mocks/node';
import { DEFAULT_MOCK_NOW } from '../../mocks/state';
import { parseChannelId } from '../domain/channel-id';
import { DAY_MS, monthChunks, startOfUtcDay } from '../domain/time';
import { useTestConfig } from '../test/test-config';
import { prefetchRsamSeries, useRsamSeries } from './use-rsam-series';

function wrapper({ children }: { children: ReactNode }) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return <QueryClientProvider client={client}>{children}</QueryClientProvider>;
}

const today = startOfUtcDay(DEFAULT_MOCK_NOW);
// The last day of the previous month to today: two calendar-month chunks.
const monthStart = Date.UTC(new Date(today).getUTCFullYear(), new Date(today).getUTCMonth(), 1);
const chunks = monthChunks(monthStart - DAY_MS, today);
const specs = [{ channel: parseChannelId('AV.CLCL..BHZ')! }, { channel: parseChannelId('OV.VPCC..HHZ')! }];

beforeEach(() => {
  useTestConfig();
  vi.spyOn(Math, 'random').mockReturnValue(0);
});

describe('useRsamSeries', () => {
  it('loads every channel in month chunks, keeps a failed chunk apart and retries it alone', async () => {
    let failVpccMonth = true;
    let vpccRequests = 0;
    server.use(
      http.get('*/api/seismic/rsam', ({ request }) => {
        const q = new URL(request.url).searchParams;
        if (q.get('station') !== 'VPCC') return undefined;
        vpccRequests++;
        if (failVpccMonth && q.get('datefrom') === q.get('dateto'))
          return HttpResponse.json({ error: 'bad day' }, { status: 400 });
        return undefined;
      }),
    );
    expect(chunks).toHaveLength(2);
    const { result } = renderHook(() => useRsamSeries(specs, { chunks }), { wrapper });
    await waitFor(() => expect(result.current.pending).toBe(0), { timeout: 8000 });
    const load = result.current;
    expect(load.total).toBe(4);
    expect(load.loaded).toBe(3);
    expect(load.channels.map((c) => [c.id, c.pieces.length])).toEqual([
      ['AV.CLCL..BHZ', 2],
      ['OV.VPCC..HHZ', 1],
    ]);
    // Pieces are in time order and carry the data's own window.
    const clcl = load.channels[0]!;
    expect(clcl.pieces[0]!.x[0]!).toBeLessThan(clcl.pieces[1]!.x[0]!);
    expect(clcl.windowSec).toBe(60);
    expect(load.failed.map((f) => f.label)).toEqual([
      `OV.VPCC..HHZ ${new Date(monthStart - DAY_MS).toISOString().slice(0, 10)} to ${new Date(monthStart - DAY_MS).toISOString().slice(0, 10)}`,
    ]);

    // Retrying the failed chunk asks for that chunk only; CLCL's channel object is kept as it was.
    failVpccMonth = false;
    const before = vpccRequests;
    act(() => load.failed[0]!.retry());
    await waitFor(() => expect(result.current.loaded).toBe(4), { timeout: 8000 });
    expect(vpccRequests - before).toBe(1);
    expect(result.current.failed).toEqual([]);
    expect(result.current.channels[1]!.pieces).toHaveLength(2);
    expect(result.current.channels[0]).toBe(clcl);
  });

  it('asks nothing for a disabled channel and counts nothing pending while paused', async () => {
    const { result } = renderHook(
      () => useRsamSeries([specs[0]!, { ...specs[1]!, enabled: false }], { chunks, enabled: false }),
      { wrapper },
    );
    expect(result.current.pending).toBe(0);
    expect(result.current.total).toBe(2);
    expect(result.current.channels.every((c) => c.pieces.length === 0)).toBe(true);
  });
});

describe('prefetchRsamSeries', () => {
  it("asks for the first channel's chunks at once and each further channel's in a task of its own", async () => {
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const asked = () =>
      client
        .getQueryCache()
        .getAll()
        .map((q) => q.queryKey[2]);
    prefetchRsamSeries(client, [specs[0]!.channel, specs[1]!.channel, parseChannelId('AV.CLES..BHZ')!], chunks);
    expect(asked()).toEqual(chunks.map(() => 'AV.CLCL..BHZ'));
    await new Promise((r) => setTimeout(r, 0));
    expect(new Set(asked())).toEqual(new Set(['AV.CLCL..BHZ', 'OV.VPCC..HHZ', 'AV.CLES..BHZ']));
    expect(asked()).toHaveLength(3 * chunks.length);
    await waitFor(() => expect(client.isFetching()).toBe(0));
  });
});

import type { ReactNode } from 'react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderHook, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { DEFAULT_MOCK_NOW, setMockNow } from '../../../mocks/state';
import { findVolcano } from '../../domain/volcanoes';
import { useTestConfig } from '../../test/test-config';
import { latestImage } from './tile-camera';
import { useWallData } from './use-wall-data';

beforeEach(() => {
  useTestConfig();
  vi.useFakeTimers({ toFake: ['Date'], now: DEFAULT_MOCK_NOW });
});
afterEach(() => vi.useRealTimers());

const volcanoes = [findVolcano(311240)!];

it("keeps the tiles' data while no answer changed, however often the wall renders", async () => {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>{children}</QueryClientProvider>
  );
  const { result, rerender } = renderHook(() => useWallData(volcanoes, 60, { amount: 24, unit: 'h' }), { wrapper });
  await waitFor(() => {
    const [cleveland] = result.current.perVolcano;
    expect(cleveland!.channels.map((c) => c.result?.data?.times.length ?? 0).every((n) => n > 0)).toBe(true);
    expect(cleveland!.cameras.every((c) => c.result.isSuccess && c.result.fetchStatus === 'idle')).toBe(true);
    // Five stations' two days each (every station is watched): more than waitFor's default second.
  }, { timeout: 10_000 });
  const before = result.current;
  // A clock tick or a minute's render of the wall: no new data, the same objects.
  rerender();
  rerender();
  expect(result.current.perVolcano).toBe(before.perVolcano);
});

it('asks a camera for more while its newest answer is in a repeated local hour, and finds the newest by instant', async () => {
  // 23:30 at Villarrica for the second time: Santiago went from 00:00 -03 back to 23:00 -04.
  const now = Date.parse('2025-04-06T03:30:00Z');
  vi.setSystemTime(now);
  setMockNow(now);
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>{children}</QueryClientProvider>
  );
  const villarrica = [findVolcano(357120)!];
  const { result } = renderHook(() => useWallData(villarrica, 60, { amount: 24, unit: 'h' }), { wrapper });
  const camera = () => result.current.perVolcano[0]!.cameras[0]!;
  // As answered, until the resolver and the deeper answer are in: the time is said to be undecided.
  await waitFor(() => expect(camera().result.isSuccess).toBe(true));
  expect(latestImage(camera(), now)!.time.kind).toMatch(/^(ambiguous|decided)$/);
  await waitFor(() => expect(camera().deep?.isSuccess && latestImage(camera(), now)!.time.kind).toBe('decided'));
  expect(camera().deep!.data!.results.length).toBeGreaterThan(60);
  const newest = latestImage(camera(), now)!;
  expect(now - newest.time.utcMs).toBeLessThan(3 * 60_000);
});

it('asks for nothing more outside a repeated hour', async () => {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>{children}</QueryClientProvider>
  );
  const { result } = renderHook(() => useWallData([findVolcano(357120)!], 60, { amount: 24, unit: 'h' }), { wrapper });
  await waitFor(() => expect(result.current.perVolcano[0]!.cameras[0]!.result.isSuccess).toBe(true));
  expect(result.current.perVolcano[0]!.cameras[0]!.deep).toBeNull();
  // The deeper query exists, disabled: nothing asked, nothing held.
  const asked = client.getQueryCache().findAll({ queryKey: ['imagery'], predicate: (q) => q.state.dataUpdatedAt > 0 });
  expect(asked).toHaveLength(1);
});

import type { ReactNode } from 'react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderHook, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { DEFAULT_MOCK_NOW } from '../../../mocks/state';
import { findVolcano } from '../../domain/volcanoes';
import { useTestConfig } from '../../test/test-config';
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
  });
  const before = result.current;
  // A clock tick or a minute's render of the wall: no new data, the same objects.
  rerender();
  rerender();
  expect(result.current.perVolcano).toBe(before.perVolcano);
  expect(result.current.round).toBe(before.round);
});

import type { ReactNode } from 'react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderHook, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { server } from '../../../mocks/node';
import { crossesUtcMidnight } from '../../domain/daily-window';
import { parseImageryDateTime } from '../../domain/time';
import { findVolcano } from '../../domain/volcanoes';
import { useTestConfig } from '../../test/test-config';
import { camerasOf, useLaneFrames } from './use-volcano-data';

const asked: URL[] = [];
const record = ({ request }: { request: Request }) => void asked.push(new URL(request.url));
beforeEach(() => {
  useTestConfig();
  asked.length = 0;
  server.events.on('request:start', record);
});
afterEach(() => server.events.removeListener('request:start', record));

describe('volcano lanes over midnight UTC', () => {
  it('ask one daily window each side of midnight and hold the frames of both', async () => {
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const wrapper = ({ children }: { children: ReactNode }) => (
      <QueryClientProvider client={client}>{children}</QueryClientProvider>
    );
    const v = findVolcano(357120)!;
    const from = Date.parse('2025-03-03T22:30:00Z');
    const to = Date.parse('2025-03-04T01:30:00Z');
    const { result } = renderHook(() => useLaneFrames(v, camerasOf(v), 'minutely', from, to), { wrapper });
    await waitFor(() => expect(result.current[0]!.isPending).toBe(false));
    const lane = result.current[0]!;
    expect(lane.error).toBeNull();
    const times = lane.frames.map((r) => r.time.utcMs);
    expect(Math.min(...times)).toBeLessThan(Date.parse('2025-03-03T22:35:00Z'));
    expect(Math.max(...times)).toBeGreaterThan(Date.parse('2025-03-04T01:25:00Z'));
    expect(times.every((t) => t >= from && t <= to)).toBe(true);
    const windows = asked
      .filter((u) => u.pathname.endsWith('/api/imagery/q'))
      .map((u) => [
        parseImageryDateTime(u.searchParams.get('datefrom')!),
        parseImageryDateTime(u.searchParams.get('dateto')!),
      ]);
    expect(windows.length).toBeGreaterThanOrEqual(2);
    for (const [a, b] of windows) expect(crossesUtcMidnight(a!, b!)).toBe(false);
  });
});

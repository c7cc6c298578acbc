import type { ReactNode } from 'react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import { unzipSync } from 'fflate';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { server } from '../../mocks/node';
import { imageryQueries } from '../api/imagery/imagery';
import type { ImageryQuery } from '../api/imagery/imagery-shapes';
import { useTestConfig } from '../test/test-config';
import { useZipDialog, type ZipDialogInput } from './use-zip-dialog';
import { resetZipCapForTests } from './zip-cap';
import type { PlanSource } from './zip-plan';

const Q = 'http://api.test/api/imagery/q';

// One day of hourly RKPI images: 24 in the mock, well under any cap.
const DAY: ImageryQuery = {
  imageType: 'visible',
  site: 'RKPI',
  freq: 'hourly',
  from: Date.UTC(2025, 0, 1),
  to: Date.UTC(2025, 0, 1, 23, 59, 59),
};
const OTHER_DAY: ImageryQuery = { ...DAY, from: Date.UTC(2025, 0, 2), to: Date.UTC(2025, 0, 2, 23, 59, 59) };

// jsdom has no service worker: a ZIP is saved through an object URL, and the blob given to it is the file.
const saved: Blob[] = [];
beforeEach(() => {
  useTestConfig();
  resetZipCapForTests();
  URL.createObjectURL = vi.fn((b: Blob) => {
    saved.push(b);
    return 'blob:zip';
  });
  URL.revokeObjectURL = vi.fn();
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
});
afterEach(() => {
  saved.length = 0;
});

/** Renders the hook; `seen` is every render's phase and busy, in order. */
function renderDialog(input: ZipDialogInput) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>{children}</QueryClientProvider>
  );
  const seen: string[] = [];
  const hook = renderHook(
    (p: ZipDialogInput) => {
      const d = useZipDialog(p);
      const now = `${d.zip.phase}${d.busy ? ', busy' : ''}`;
      if (seen.at(-1) !== now) seen.push(now);
      return d;
    },
    { wrapper, initialProps: input },
  );
  return { ...hook, client, seen };
}

/** Holds every ZIP request open after its first bytes until it is aborted; resolves with its signal. */
function stallZips() {
  let seen: (s: AbortSignal) => void = () => undefined;
  const signal = new Promise<AbortSignal>((r) => (seen = r));
  server.use(
    http.get(Q, ({ request }) => {
      if (!request.url.includes('download=true')) return undefined;
      seen(request.signal);
      const body = new ReadableStream<Uint8Array>({
        start(c) {
          c.enqueue(new Uint8Array([0x50, 0x4b, 3, 4]));
        },
      });
      return new HttpResponse(body, { headers: { 'Content-Type': 'application/zip' } });
    }),
  );
  return signal;
}

describe('useZipDialog', () => {
  it('estimates each query, sums them, and plans one ZIP per source once the estimates are in', async () => {
    const { result } = renderDialog({
      estimated: [
        { key: 'a', label: 'first', query: DAY },
        { key: 'b', label: 'second', query: OTHER_DAY },
      ],
      of: 'two days',
    });
    expect(result.current.busy).toBe(true);
    expect(result.current.total).toBeUndefined();
    expect(result.current.planned).toBe(false);
    await waitFor(() => expect(result.current.planned).toBe(true), { timeout: 10_000 });
    const [a, b] = result.current.estimates.map((e) => e.data!);
    expect(result.current.total?.total_images).toBe(a!.total_images + b!.total_images);
    expect(result.current.sources.map((s) => [s.key, s.kind === 'query' ? s.images : null])).toEqual([
      ['a', a!.total_images],
      ['b', b!.total_images],
    ]);
    expect(result.current.plan.files.map((f) => [f.label, f.images])).toEqual([
      ['first', a!.total_images],
      ['second', b!.total_images],
    ]);
    expect(result.current.busy).toBe(false);
    expect(result.current.zip.phase).toBe('ready');
  });

  it('asks no estimate for a list of ids', async () => {
    const requests: string[] = [];
    const listen = ({ request }: { request: Request }) => void requests.push(request.url);
    server.events.on('request:start', listen);
    const ids: PlanSource[] = [{ kind: 'ids', key: 'visible', imageType: 'visible', ids: ['a', 'b', 'c'] }];
    const { result } = renderDialog({ estimated: [], ids, of: 'selection' });
    expect(result.current.estimates).toEqual([]);
    expect(result.current.total).toBeUndefined();
    expect(result.current.planned).toBe(true);
    expect(result.current.plan.files.map((f) => f.images)).toEqual([3]);
    expect(result.current.busy).toBe(false);
    server.events.removeListener('request:start', listen);
    expect(requests).toEqual([]);
  });

  it('after confirmation downloads the ZIP and its manifest, downloading then done', async () => {
    const { result, seen } = renderDialog({ estimated: [{ key: 'day', query: DAY }], of: 'day' });
    await waitFor(() => expect(result.current.planned).toBe(true), { timeout: 10_000 });
    const images = result.current.total!.total_images;
    seen.length = 0;
    act(() => result.current.start());
    await waitFor(() => expect(result.current.zip.phase).toBe('done'), { timeout: 10_000 });
    expect(seen).toEqual(['downloading, busy', 'done']);
    const [file] = result.current.zip.saved;
    expect(file?.filename).toBe('villarrica_RKPI_visible_2025-01-01T00-00Z_2025-01-02T00-00Z.zip');
    expect(file?.manifest).toEqual({
      filename: 'villarrica_RKPI_visible_2025-01-01T00-00Z_2025-01-02T00-00Z_manifest.csv',
    });
    const zip = saved.find((b) => b.type !== 'text/csv')!;
    expect(Object.keys(unzipSync(new Uint8Array(await zip.arrayBuffer())))).toHaveLength(images);
    expect(saved.filter((b) => b.type === 'text/csv')).toHaveLength(1);
  });

  it('cancel aborts the ZIP in flight, keeps nothing of it, and leaves the download ready to start again', async () => {
    const aborted = stallZips();
    const { result } = renderDialog({ estimated: [{ key: 'day', query: DAY }], of: 'day' });
    await waitFor(() => expect(result.current.planned).toBe(true), { timeout: 10_000 });
    act(() => result.current.start());
    const signal = await aborted;
    await waitFor(() => expect(result.current.zip.progress?.bytes).toBe(4));
    act(() => result.current.cancel());
    await waitFor(() => expect(result.current.zip.cancelled).toBe(true));
    expect(signal.aborted).toBe(true);
    expect(result.current.zip.phase).toBe('ready');
    expect(result.current.zip.states).toEqual([{ status: 'waiting' }]);
    expect(result.current.zip.saved).toEqual([]);
    expect(result.current.busy).toBe(false);
    expect(saved).toEqual([]);
  });

  it('cancel stops an estimate in flight: its query is idle again, with no answer and no error', async () => {
    let release = () => undefined as void;
    server.use(
      http.get(Q, async () => {
        await new Promise<void>((r) => (release = r));
        return HttpResponse.json({ total_images: 1, estimated_size_mb: 1, estimated_time_seconds: 1 });
      }),
    );
    const { result, client } = renderDialog({ estimated: [{ key: 'day', query: DAY }], of: 'day' });
    await waitFor(() => expect(result.current.estimates[0]!.isFetching).toBe(true));
    act(() => result.current.cancel());
    await waitFor(() => expect(result.current.busy).toBe(false));
    release();
    const state = client.getQueryState(imageryQueries.estimate(DAY).queryKey);
    expect(state?.fetchStatus).toBe('idle');
    expect(result.current.estimates[0]!.data).toBeUndefined();
    expect(result.current.estimates[0]!.isError).toBe(false);
    expect(result.current.total).toBeUndefined();
    expect(result.current.planned).toBe(false);
  });

  it('drops a 413’s offer when the dialog turns to another download', async () => {
    server.use(
      http.get(Q, ({ request }) =>
        request.url.includes('download=true')
          ? HttpResponse.json({ error: true, status_code: 413, detail: 'at most 10 per download' }, { status: 413 })
          : undefined,
      ),
    );
    const { result, rerender } = renderDialog({ estimated: [{ key: 'day', query: DAY }], of: 'day' });
    await waitFor(() => expect(result.current.planned).toBe(true), { timeout: 10_000 });
    act(() => result.current.start());
    await waitFor(() => expect(result.current.zip.phase).toBe('failed'));
    expect(result.current.offer.rest).not.toBeNull();
    expect(result.current.cap).toBe(10);
    rerender({ estimated: [{ key: 'day', query: OTHER_DAY }], of: 'other day' });
    expect(result.current.offer.rest).toBeNull();
  });
});

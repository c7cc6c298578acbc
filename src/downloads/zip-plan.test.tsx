import type { ReactNode } from 'react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { fetchDownloadEstimate } from '../api/imagery/imagery';
import { type ImageryQuery } from '../api/imagery/imagery-shapes';
import { useTestConfig } from '../test/test-config';
import { describeSpan, useZipPlan, type PlanSource } from './zip-plan';

describe('describeSpan', () => {
  it('says each span in the terms its datefrom/dateto have, with the zone', () => {
    const t = (s: string) => Date.parse(s);
    expect(describeSpan({ from: t('2025-01-01T12:00:00Z'), to: t('2025-01-01T13:00:24Z') }, 'second')).toBe(
      '2025-01-01 12:00:00 to 13:00:24 UTC',
    );
    expect(describeSpan({ from: t('2025-01-01T23:00:00Z'), to: t('2025-01-02T01:00:00Z') }, 'second')).toBe(
      '2025-01-01 23:00:00 UTC to 2025-01-02 01:00:00 UTC',
    );
    expect(describeSpan({ to: t('2025-01-02T01:00:00Z') }, 'second')).toBe(
      'the first image to 2025-01-02 01:00:00 UTC',
    );
    expect(describeSpan({ from: t('2025-01-01T06:00:00Z'), to: t('2025-01-04T17:59:59Z') }, 'utc-day')).toBe(
      'UTC days 2025-01-01 to 2025-01-04',
    );
    expect(
      describeSpan({ site: 'RKPI', from: t('2025-01-03T00:00:00Z'), to: t('2025-01-03T23:59:59Z') }, 'local-day'),
    ).toBe('local day 2025-01-03 at RKPI');
  });
});

describe('useZipPlan', () => {
  beforeEach(() => {
    useTestConfig();
  });

  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      {children}
    </QueryClientProvider>
  );

  it('asks for a click before a long split, then plans files that add up to the estimate', async () => {
    const query: ImageryQuery = {
      imageType: 'visible',
      vnum: 357120,
      from: Date.UTC(2025, 0, 1, 6),
      to: Date.UTC(2025, 0, 1, 17, 59, 59),
    };
    const est = await fetchDownloadEstimate(query);
    const sources: PlanSource[] = [
      { kind: 'query', key: 'q', query, images: est.total_images, sizeMb: est.estimated_size_mb },
    ];
    const { result } = renderHook(() => useZipPlan(sources, 20), { wrapper });
    expect(result.current.status).toBe('approval');
    expect(result.current.minFiles).toBe(Math.ceil(est.total_images / 20));
    expect(result.current.minFiles).toBeGreaterThan(10);
    act(() => result.current.approve());
    await waitFor(() => expect(result.current.status).toBe('ready'), { timeout: 10_000 });
    expect(result.current.files).toHaveLength(Math.ceil(est.total_images / 20));
    expect(result.current.files.reduce((n, f) => n + f.images, 0)).toBe(est.total_images);
    expect(result.current.files[0]!.span).toMatch(/^2025-01-01 06:00:00 to \d\d:\d\d:\d\d UTC$/);
  });

  it('plans a short split by itself, and leaves a query within the cap as one file', async () => {
    const small: PlanSource = { kind: 'query', key: 's', query: { imageType: 'visible' }, images: 20, sizeMb: 5 };
    const { result } = renderHook(() => useZipPlan([small], 20), { wrapper });
    expect(result.current).toMatchObject({ status: 'ready', split: false });
    expect(result.current.files.map((f) => f.images)).toEqual([20]);
  });
});

import { beforeEach, describe, expect, it } from 'vitest';
import { useTestConfig } from '../test/test-config';
import { fetchDownloadEstimate, fetchImagery } from '../api/imagery/imagery';
import { type ImageryQuery } from '../api/imagery/imagery-shapes';
import { splitByTime, splitUnit, SplitError, type SplitDeps } from './zip-time-split';

beforeEach(() => {
  useTestConfig();
});

const signal = new AbortController().signal;

/** The planner's requests, counted, against the mock service. */
function countingDeps() {
  const asked = { estimates: 0, lookups: 0 };
  const deps: SplitDeps = {
    estimate: (q, s) => {
      asked.estimates++;
      return fetchDownloadEstimate(q, s);
    },
    imageAt: async (q, index, s) => {
      asked.lookups++;
      return (await fetchImagery({ ...q, page: index + 1, limit: 1 }, s)).results[0];
    },
  };
  return { asked, deps };
}

/** Every image id the service lists for `q`, page by page. */
async function idsOf(q: ImageryQuery): Promise<string[]> {
  const ids: string[] = [];
  for (let page = 1; ; page++) {
    const p = await fetchImagery({ ...q, order: 'asc', page, limit: 200 });
    ids.push(...p.results.map((r) => r.image_id));
    if (!p.pagination.has_next) return ids;
  }
}

/** Splits `q` with `cap`, and checks the spans hold every image of `q` once, each at most `cap`. */
async function splitAndCheck(q: ImageryQuery, cap: number) {
  const total = await fetchDownloadEstimate(q);
  const { asked, deps } = countingDeps();
  const spans = await splitByTime(q, total, cap, deps, signal);
  const all = await idsOf(q);
  const parts = await Promise.all(spans.map((s) => idsOf(s.query)));
  for (const [i, p] of parts.entries()) {
    expect(p.length, `span ${i}`).toBe(spans[i]!.images);
    expect(p.length).toBeLessThanOrEqual(cap);
  }
  expect(parts.flat()).toEqual(all);
  expect(spans.reduce((n, s) => n + s.images, 0)).toBe(total.total_images);
  return { spans, asked, total };
}

describe('splitting a download by time', () => {
  it('cuts an exact UTC range at seconds: every image once, two requests a cut', async () => {
    const q: ImageryQuery = {
      imageType: 'visible',
      vnum: 357120,
      from: Date.UTC(2025, 0, 1, 12),
      to: Date.UTC(2025, 0, 1, 17, 59, 59),
    };
    expect(splitUnit(q)).toBe('second');
    const { spans, asked, total } = await splitAndCheck(q, 50);
    expect(spans.length).toBeGreaterThan(2);
    expect(spans.length).toBe(Math.ceil(total.total_images / 50));
    expect(asked).toEqual({ estimates: spans.length - 1, lookups: spans.length - 1 });
    // Consecutive spans meet: one ends the second before the next starts.
    for (let i = 1; i < spans.length; i++) expect(spans[i]!.query.from! - spans[i - 1]!.query.to!).toBe(1000);
    expect(spans[0]!.query.from).toBe(q.from);
    expect(spans.at(-1)!.query.to).toBe(q.to);
  });

  it('cuts a sampled download between UTC days, each piece keeping the daily window', async () => {
    const q: ImageryQuery = {
      imageType: 'visible',
      site: 'RKPI',
      freq: 'hourly',
      from: Date.UTC(2025, 0, 1, 6),
      to: Date.UTC(2025, 0, 4, 17, 59, 59),
    };
    expect(splitUnit(q)).toBe('utc-day');
    const { spans } = await splitAndCheck(q, 30);
    // 12 hours a day: two days fit in 30.
    expect(spans.map((s) => [new Date(s.query.from!).toISOString(), new Date(s.query.to!).toISOString()])).toEqual([
      ['2025-01-01T06:00:00.000Z', '2025-01-02T17:59:59.000Z'],
      ['2025-01-03T06:00:00.000Z', '2025-01-04T17:59:59.000Z'],
    ]);
  });

  it('cuts one site’s every-frame download between its local days', async () => {
    const q: ImageryQuery = {
      imageType: 'visible',
      site: 'RKPI',
      freq: 'all',
      from: Date.UTC(2025, 0, 1),
      to: Date.UTC(2025, 0, 3, 23, 59, 59),
    };
    expect(splitUnit(q)).toBe('local-day');
    const perDay = (await fetchDownloadEstimate({ ...q, to: Date.UTC(2025, 0, 1, 23, 59, 59) })).total_images;
    const { spans } = await splitAndCheck(q, perDay + 10);
    expect(spans).toHaveLength(3);
  });

  it('cuts a daily download between the site’s local days', async () => {
    const q: ImageryQuery = {
      imageType: 'visible',
      site: 'RKPI',
      freq: 'daily',
      from: Date.UTC(2024, 9, 1),
      to: Date.UTC(2024, 11, 31, 23, 59, 59),
    };
    expect(splitUnit(q)).toBe('local-day');
    const { spans, total } = await splitAndCheck(q, 40);
    expect(total.total_images).toBeGreaterThan(80);
    expect(spans.length).toBe(Math.ceil(total.total_images / 40));
  });

  it('says when one unit holds more images than a ZIP may', async () => {
    const q: ImageryQuery = {
      imageType: 'visible',
      site: 'RKPI',
      freq: 'hourly',
      from: Date.UTC(2025, 0, 1),
      to: Date.UTC(2025, 0, 2, 23, 59, 59),
    };
    const total = await fetchDownloadEstimate(q);
    const e = await splitByTime(q, total, 10, countingDeps().deps, signal).catch((x: unknown) => x);
    expect(e).toBeInstanceOf(SplitError);
    expect((e as Error).message).toMatch(/one UTC day holds more than 10 images/);
  });

  it('leaves a query within the cap whole, with no request', async () => {
    const { asked, deps } = countingDeps();
    const spans = await splitByTime(
      { imageType: 'visible' },
      { total_images: 5, estimated_size_mb: 1 },
      5,
      deps,
      signal,
    );
    expect(spans).toEqual([
      { query: { imageType: 'visible', page: undefined, limit: undefined }, images: 5, sizeMb: 1 },
    ]);
    expect(asked).toEqual({ estimates: 0, lookups: 0 });
  });
});

import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { server } from '../../../mocks/node';
import { mockState } from '../../../mocks/state';
import { useTestConfig } from '../../test/test-config';
import { forgetProbes } from './answer-times';
import { fetchImagery } from './imagery';
import { type ImageryQuery } from './imagery-shapes';
import { imageInstant } from './instant-order';
import { forgetLearnedZones } from './learned-zones';
import { forgetWindows, windowProblem } from './utc-window';

const HOUR = 3_600_000;
// Across the Canaries' fall-back (01:00 UTC on 2025-10-26) and local midnight (23:00 UTC the day before).
const WINDOW: ImageryQuery = {
  imageType: 'infrared',
  site: 'CV01',
  from: Date.UTC(2025, 9, 25, 22, 30),
  to: Date.UTC(2025, 9, 26, 2, 30),
  order: 'asc',
  limit: 50,
  window: 'utc',
};
const requested: URL[] = [];
const onRequest = ({ request }: { request: Request }) => void requested.push(new URL(request.url));

beforeEach(() => {
  useTestConfig();
  forgetLearnedZones();
  forgetProbes();
  forgetWindows();
  mockState.now = Date.UTC(2025, 10, 1);
  requested.length = 0;
  server.events.on('request:start', onRequest);
});
afterEach(() => server.events.removeListener('request:start', onRequest));

describe('one site over an exact UTC window', () => {
  it('holds every image between From and To, from both local days, in UTC order across its pages', async () => {
    const first = await fetchImagery(WINDOW);
    const pages = [first];
    for (let n = 2; n <= first.pagination.total_pages; n++) pages.push(await fetchImagery({ ...WINDOW, page: n }));
    const at = pages.flatMap((p) => p.results.map((r) => imageInstant(r.time)));
    expect(at).toHaveLength(first.pagination.total_count);
    // About 40 images an hour over four hours, the repeated hour's two passes among them.
    expect(at.length).toBeGreaterThan(140);
    expect(at.every((t) => t >= WINDOW.from! && t <= WINDOW.to!)).toBe(true);
    expect(at.every((t, i) => i === 0 || at[i - 1]! <= t)).toBe(true);
    // Within 15 minutes of each end: the cut is at the instants, not at whole hours or days.
    expect(at[0]! - WINDOW.from!).toBeLessThan(HOUR / 4);
    expect(WINDOW.to! - at.at(-1)!).toBeLessThan(HOUR / 4);
    expect(first.reordered).toBe(true);
    // The service was asked for the two local days, one site; paging the window asked nothing more.
    const asked = requested.filter((u) => u.searchParams.get('site') === 'CV01');
    expect(new Set(asked.map((u) => `${u.searchParams.get('datefrom')}–${u.searchParams.get('dateto')}`))).toEqual(
      new Set(['20251025000000–20251026000000']),
    );
    expect(asked.every((u) => u.searchParams.get('limit') === '200')).toBe(true);
    const before = requested.length;
    await fetchImagery({ ...WINDOW, page: 2, order: 'desc' });
    expect(requested.length).toBe(before);
  });

  it('newest first when asked so', async () => {
    const page = await fetchImagery({ ...WINDOW, order: 'desc' });
    const at = page.results.map((r) => imageInstant(r.time));
    expect(at.every((t, i) => i === 0 || at[i - 1]! >= t)).toBe(true);
    expect(WINDOW.to! - at[0]!).toBeLessThan(HOUR / 4);
  });

  it('refuses a window over a day, and one without both bounds, in words', async () => {
    expect(windowProblem(WINDOW.from, WINDOW.from! + 25 * HOUR)).toMatch(/at most 24 hours/);
    expect(windowProblem(undefined, WINDOW.to)).toMatch(/needs both From and To/);
    expect(windowProblem(WINDOW.from, WINDOW.to)).toBeNull();
    await expect(fetchImagery({ ...WINDOW, to: WINDOW.from! + 25 * HOUR })).rejects.toThrow(/at most 24 hours/);
  });
});

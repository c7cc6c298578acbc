import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { server } from '../../../mocks/node';
import { useTestConfig } from '../../test/test-config';
import {
  exactSources,
  fetchFlagCount,
  fetchFlagIds,
  incompleteFlags,
  resolveFlags,
  sampledQueryAround,
  sampledSources,
  type FlagEvidence,
  type FlagFrame,
  type FlagName,
  type FlagSource,
} from './image-flags';
import { fetchImagery } from './imagery';
import { type ImageryQuery } from './imagery-shapes';

beforeEach(() => {
  useTestConfig();
});

const frame = (id: string, utcMs: number): FlagFrame => ({ image_id: id, vnum: 345040, time: { utcMs } });

describe('resolving flags from filtered lists (hand-built)', () => {
  const a = frame('a', 10_000);
  const b = frame('b', 20_000);
  const c = frame('c', 90_000);
  const exact = (flag: FlagName, ids: string[], complete: boolean): FlagEvidence => ({
    source: { q: {}, flag, value: true, maxPages: 3, exact: { from: 0, to: 60_000 } },
    data: { ids, total: ids.length, complete },
  });
  const sampled = (flag: FlagName, value: boolean, ids: string[]): FlagEvidence => ({
    source: { q: {}, flag, value, maxPages: 3 },
    data: { ids, total: ids.length, complete: true },
  });

  it('a complete exact list says yes for its ids and no for the rest of its range only', () => {
    const m = resolveFlags([a, b, c], 'visible', [exact('is_empty', ['a'], true)]);
    expect(m.get('a')!.is_empty).toBe('yes');
    expect(m.get('b')!.is_empty).toBe('no');
    // c lies outside the range the list covers.
    expect(m.get('c')!.is_empty).toBe('unknown');
  });

  it('a wall time of two instants is "no" only when both lie in the list’s range; a skipped one never', () => {
    // A fall-back hour: read as 30 s, its second pass at 70 s, past the list's range (0–60 s).
    const twoPass = { image_id: 'd', vnum: 345040, time: { utcMs: 30_000, later: 70_000 } };
    const inside = { image_id: 'e', vnum: 345040, time: { utcMs: 30_000, later: 50_000 } };
    const skipped = { image_id: 'f', vnum: 345040, time: { utcMs: 30_000, nonexistent: true as const } };
    const m = resolveFlags([twoPass, inside, skipped], 'visible', [exact('is_empty', [], true)]);
    expect([m.get('d')!.is_empty, m.get('e')!.is_empty, m.get('f')!.is_empty]).toEqual(['unknown', 'no', 'unknown']);
    // The exact list asked for covers the second pass too.
    const [src] = exactSources([a, twoPass], 'visible', ['is_empty']);
    expect(src!.exact).toEqual({ from: 10_000, to: 70_000 });
  });

  it('an incomplete list proves only the ids it holds', () => {
    const m = resolveFlags([a, b], 'visible', [exact('is_night', ['a'], false)]);
    expect(m.get('a')!.is_night).toBe('yes');
    expect(m.get('b')!.is_night).toBe('unknown');
    expect(incompleteFlags([exact('is_night', ['a'], false), exact('is_empty', [], true)])).toEqual(['is_night']);
  });

  it('sampled lists both ways: an id in the false list is no; in neither, unknown', () => {
    const m = resolveFlags([a, b, c], 'visible', [sampled('is_night', true, ['a']), sampled('is_night', false, ['b'])]);
    expect([m.get('a')!.is_night, m.get('b')!.is_night, m.get('c')!.is_night]).toEqual(['yes', 'no', 'unknown']);
  });

  it('unanswered lists and flags of the other image type stay unknown; a filter of the query is known', () => {
    const pending: FlagEvidence = { source: exact('is_empty', [], true).source, data: undefined };
    const m = resolveFlags([a], 'infrared', [pending, exact('is_night', [], true)], { low_visibility: false });
    expect(m.get('a')).toEqual({
      is_empty: 'unknown',
      is_night: 'unknown',
      is_degraded: 'unknown',
      low_visibility: 'no',
    });
  });
});

describe('sampled query around a page of frames', () => {
  it('keeps the daily window of hourly sampling over the frames’ days', () => {
    const q: ImageryQuery = {
      site: 'VPMI',
      freq: 'hourly',
      from: Date.UTC(2025, 0, 1, 6),
      to: Date.UTC(2025, 1, 1, 18),
    };
    const around = sampledQueryAround(q, [frame('x', Date.UTC(2025, 0, 10, 9)), frame('y', Date.UTC(2025, 0, 12, 7))]);
    expect(around).toMatchObject({ from: Date.UTC(2025, 0, 10, 6), to: Date.UTC(2025, 0, 12, 18) });
    expect(sampledQueryAround({ ...q, freq: 'all' }, [frame('x', 0)])).toBeNull();
  });
});

describe('learning flags from the service (mock handlers)', () => {
  it('counts with one record per request and lists ids page by page', async () => {
    const q: ImageryQuery = {
      imageType: 'infrared',
      vnum: 311240,
      from: Date.UTC(2025, 2, 1),
      to: Date.UTC(2025, 2, 2) - 1000,
    };
    const urls: string[] = [];
    server.events.on('request:start', ({ request }) => void urls.push(request.url));
    const n = await fetchFlagCount(q, 'is_empty');
    expect(new URL(urls[0]!).searchParams.get('limit')).toBe('1');
    expect(new URL(urls[0]!).searchParams.get('is_empty')).toBe('true');
    const list = await fetchFlagIds(q, 'is_empty', true, 3);
    expect(list.complete).toBe(true);
    expect(list.ids).toHaveLength(n);
    expect(n).toBeGreaterThan(5);
    // Too many pages for the budget: page 1 only, marked incomplete.
    const day = await fetchFlagIds({ ...q, imageType: 'visible', vnum: 345040 }, 'is_night', true, 1);
    expect(day.complete).toBe(false);
    expect(day.ids).toHaveLength(200);
    server.events.removeAllListeners();
  });

  it('labels a day of hourly Poás frames the way one-second probes of each frame do', async () => {
    const day: ImageryQuery = {
      imageType: 'visible',
      site: 'VPMI',
      freq: 'hourly',
      from: Date.UTC(2025, 2, 3),
      to: Date.UTC(2025, 2, 3, 23, 59, 59),
      order: 'asc',
      limit: 200,
    };
    const frames = (await fetchImagery(day)).results;
    expect(frames).toHaveLength(24);
    const evidence: FlagEvidence[] = [];
    const ask = async (s: FlagSource) =>
      evidence.push({ source: s, data: await fetchFlagIds(s.q, s.flag, s.value, s.maxPages) });
    // Exact lists of at most one page, so night (half the captures of a day) needs the sampled pair.
    for (const s of exactSources(frames, 'visible', ['is_empty', 'is_night', 'low_visibility'], undefined, 1))
      await ask(s);
    expect(incompleteFlags(evidence)).toEqual(['is_night']);
    for (const s of sampledSources(day, 'is_night')) await ask(s);
    const m = resolveFlags(frames, 'visible', evidence);

    for (const r of frames) {
      const f = m.get(r.image_id)!;
      for (const flag of ['is_empty', 'is_night'] as const) {
        const probe = await fetchImagery({
          imageType: 'visible',
          vnum: 345040,
          from: r.time.utcMs,
          to: r.time.utcMs,
          [flag]: true,
          limit: 1,
        });
        const truth = probe.results.some((x) => x.image_id === r.image_id) ? 'yes' : 'no';
        expect(f[flag], `${flag} of ${r.image_id}`).toBe(truth);
      }
    }
    // Costa Rica is UTC-6 all year: 19:00–06:00 local is night, 11 of 24 hours.
    expect(frames.filter((r) => m.get(r.image_id)!.is_night === 'yes')).toHaveLength(11);
  });

  it('a failed list leaves its flag unknown', async () => {
    server.use(
      http.get(/\/api\/imagery\/q/, () =>
        HttpResponse.json({ error: true, status_code: 400, detail: 'x' }, { status: 400 }),
      ),
    );
    await expect(fetchFlagIds({ imageType: 'visible' }, 'is_night', true, 1)).rejects.toBeTruthy();
    const m = resolveFlags([frame('a', 0)], 'visible', [
      { source: exactSources([frame('a', 0)], 'visible', ['is_night'])[0]!, data: undefined },
    ]);
    expect(m.get('a')!.is_night).toBe('unknown');
  });
});

import 'fake-indexeddb/auto';
import { IDBFactory } from 'fake-indexeddb';
import { http, HttpResponse } from 'msw';
import { server } from '../../../mocks/node';
import { mockState } from '../../../mocks/state';
import { useTestConfig } from '../../test/test-config';
import { rateLimiter } from '../rate/browser-limiter';
import { lastCacheableDay } from '../../domain/time';
import type { CachedChunk } from './chunk-store';
import { idbChunkStore, rsamCacheWritten, setRsamCacheStore } from './rsam-cache';
import { fetchRsamDays } from '../seismic';

const DAY = 86_400_000;
const CH = { network: 'AV', station: 'CLCL', location: '', channel: 'BHZ' };

function chunk(key: string, points: number): CachedChunk {
  const times = new Float64Array(points).map((_, i) => 1_700_000_000 + i * 60);
  return { key, channel: CH, windowSec: 60, times, values: new Float64Array(points).fill(7) };
}

describe('the IndexedDB chunk store', () => {
  it('gives back what it kept, column for column', async () => {
    const s = idbChunkStore({ factory: new IDBFactory() });
    await s.put(chunk('a', 3));
    const got = await s.get('a');
    expect(Array.from(got!.times)).toEqual([1_700_000_000, 1_700_000_060, 1_700_000_120]);
    expect(Object.prototype.toString.call(got!.values)).toBe('[object Float64Array]');
    expect(await s.get('b')).toBeUndefined();
    expect(await s.usage()).toEqual({ bytes: 3 * 16 + 200, chunks: 1 });
  });

  it('drops the least recently used chunk when over its size bound', async () => {
    let t = 0;
    // Room for two chunks of 100 points (1,800 bytes each with the overhead), not three.
    const s = idbChunkStore({ factory: new IDBFactory(), maxBytes: 4_000, now: () => ++t });
    await s.put(chunk('jan', 100));
    await s.put(chunk('feb', 100));
    await s.get('jan'); // January is read again: February is now the oldest use
    await s.put(chunk('mar', 100));
    expect(await s.get('feb')).toBeUndefined();
    expect(await s.get('jan')).toBeDefined();
    expect(await s.get('mar')).toBeDefined();
    expect((await s.usage()).chunks).toBe(2);
  });

  it('drops everything a release with another version kept, and clears on request', async () => {
    const factory = new IDBFactory();
    const v1 = idbChunkStore({ factory, version: 1 });
    await v1.put(chunk('a', 10));
    const v2 = idbChunkStore({ factory, version: 2 });
    expect(await v2.get('a')).toBeUndefined();
    await v2.put(chunk('b', 10));
    await v2.clear();
    expect(await v2.usage()).toEqual({ bytes: 0, chunks: 0 });
  });
});

describe('fetchRsamDays with the cache', () => {
  let requests: URL[] = [];
  beforeEach(() => {
    useTestConfig();
    requests = [];
    server.events.on('request:start', ({ request }) => {
      if (request.url.includes('/api/seismic/rsam')) requests.push(new URL(request.url));
    });
    setRsamCacheStore(idbChunkStore({ factory: new IDBFactory() }));
  });
  afterEach(() => {
    server.events.removeAllListeners();
    setRsamCacheStore(undefined);
  });

  it('asks for a month of past days once; the second visit sends nothing and spends no budget', async () => {
    const p = { channel: CH, from: Date.UTC(2025, 0, 1), to: Date.UTC(2025, 0, 31) };
    const first = await fetchRsamDays(p);
    expect(requests).toHaveLength(1);
    // The cache is written without holding up the caller.
    await rsamCacheWritten();
    const used = rateLimiter.snapshot().endpoints.find((e) => e.key === 'seismic.rsam')!.used;
    const again = await fetchRsamDays(p);
    expect(requests).toHaveLength(1);
    expect(rateLimiter.snapshot().endpoints.find((e) => e.key === 'seismic.rsam')!.used).toBe(used);
    expect(again.times.length).toBe(first.times.length);
    expect(again.values[1234]).toBe(first.values[1234]);
  });

  it('on a first visit to a channel, asks the service without waiting on the cache, which it fills', async () => {
    const ch = { ...CH, station: 'CLES' };
    const store = idbChunkStore({ factory: new IDBFactory() });
    const get = vi.spyOn(store, 'get');
    setRsamCacheStore(store);
    const months = [9, 10, 11].map((m) => ({ channel: ch, from: Date.UTC(2024, m, 1), to: Date.UTC(2024, m + 1, 0) }));
    await Promise.all(months.map((p) => fetchRsamDays(p)));
    expect(get).not.toHaveBeenCalled();
    expect(requests).toHaveLength(3);
    await rsamCacheWritten();
    expect((await store.usage()).chunks).toBe(3);
    // Asked again (another range, a reload): from the cache, no request.
    await fetchRsamDays(months[1]!);
    expect(get).toHaveBeenCalledTimes(1);
    expect(requests).toHaveLength(3);
  });

  it("gives the series as the service's answer names it, whichever location was chosen", async () => {
    server.use(
      http.get('http://api.test/api/seismic/rsam', () =>
        HttpResponse.json({
          series: [
            { ...CH, location: '01', window_sec: 60, points: [{ time: '2024-06-01T00:00:00Z', rsam_counts: 7 }] },
          ],
          datefrom: '20240601',
          dateto: '20240601',
        }),
      ),
    );
    const day = { from: Date.UTC(2024, 5, 1), to: Date.UTC(2024, 5, 1) };
    const first = await fetchRsamDays({ channel: { ...CH, station: 'CLNE', location: '00' }, ...day });
    expect(first.channel).toEqual({ ...CH, location: '01' });
    await rsamCacheWritten();
    // And from the cache.
    const again = await fetchRsamDays({ channel: { ...CH, station: 'CLNE', location: '00' }, ...day });
    expect(requests).toHaveLength(1);
    expect(again.channel.location).toBe('01');
  });

  it('keeps nothing it could not note, so no later page skips a kept chunk', async () => {
    const ch = { ...CH, station: 'CLSF' };
    const store = idbChunkStore({ factory: new IDBFactory() });
    setRsamCacheStore(store);
    vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('full', 'QuotaExceededError');
    });
    await fetchRsamDays({ channel: ch, from: Date.UTC(2024, 8, 1), to: Date.UTC(2024, 8, 30) });
    await rsamCacheWritten();
    expect(requests).toHaveLength(1);
    expect((await store.usage()).chunks).toBe(0);
  });

  it('keeps chunks per service: another apiBaseUrl (the demo, another deployment) asks its own service', async () => {
    const p = { channel: CH, from: Date.UTC(2025, 0, 1), to: Date.UTC(2025, 0, 31) };
    await fetchRsamDays(p);
    await rsamCacheWritten();
    useTestConfig({ apiBaseUrl: 'http://live.test' });
    const hosts: string[] = [];
    server.events.on('request:start', ({ request }) => hosts.push(new URL(request.url).host));
    server.use(
      http.get('http://live.test/api/seismic/rsam', () =>
        HttpResponse.json({
          series: [{ ...CH, window_sec: 60, points: [{ time: '2025-01-31T00:00:00Z', rsam_counts: 7 }] }],
          datefrom: '2025-01-01',
          dateto: '2025-01-31',
        }),
      ),
    );
    const live = await fetchRsamDays(p);
    expect(hosts).toEqual(['live.test']);
    expect(Array.from(live.values)).toEqual([7]);
  });

  it('always asks again for today and yesterday, as a request of their own', async () => {
    const now = Date.now();
    // The service has data up to now, so the past chunk is complete and kept (worthKeeping).
    mockState.now = now;
    const cutoff = lastCacheableDay(now);
    const p = { channel: CH, from: cutoff - 3 * DAY, to: now };
    await fetchRsamDays(p);
    await rsamCacheWritten();
    await fetchRsamDays(p);
    const days = requests.map((u) => `${u.searchParams.get('datefrom')}-${u.searchParams.get('dateto')}`);
    const ymd = (t: number) => new Date(t).toISOString().slice(0, 10).replace(/-/g, '');
    const recent = `${ymd(cutoff + DAY)}-${ymd(now)}`;
    expect(days.sort()).toEqual([`${ymd(cutoff - 3 * DAY)}-${ymd(cutoff)}`, recent, recent].sort());
  });

  it('does not keep a chunk that failed validation', async () => {
    server.use(
      http.get('http://api.test/api/seismic/rsam', () =>
        HttpResponse.json({
          series: [{ ...CH, window_sec: 60, points: [{ time: 'x', rsam_counts: 1 }] }],
          datefrom: '',
          dateto: '',
        }),
      ),
    );
    const p = { channel: CH, from: Date.UTC(2025, 0, 1), to: Date.UTC(2025, 0, 1) };
    await expect(fetchRsamDays(p)).rejects.toMatchObject({ kind: 'validation', field: 'series[0].points[0].time' });
    await expect(fetchRsamDays(p)).rejects.toMatchObject({ kind: 'validation' });
    expect(requests).toHaveLength(2);
  });
});

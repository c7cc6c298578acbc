import { IDBFactory } from 'fake-indexeddb';
import { idbChunkStore, rsamCacheWritten, setRsamCacheStore } from '../cache/rsam-cache';
import { FakeWorker } from '../../test/fake-worker';
import { bytesOf, minuteRsamBody as rsamBody } from '../../test/rsam-fixtures';
import { freshParsePool as freshPool } from '../../test/parse-pool';
import { legacyRecord } from '../../test/legacy-fixtures';

afterEach(() => {
  vi.unstubAllGlobals();
  FakeWorker.failToLoad = false;
  FakeWorker.readyTwice = false;
  setRsamCacheStore(undefined);
});

describe('the parse worker pool', () => {
  it('reuses at most two workers for many bodies and transfers each body to them', async () => {
    const pool = await freshPool();
    const bodies = Array.from({ length: 6 }, () => bytesOf(rsamBody(3)));
    const out = await Promise.all(bodies.map((b) => pool.decodeAndKeepRsam(b)));
    expect(FakeWorker.made).toHaveLength(2);
    expect(FakeWorker.made.flatMap((w) => w.transferred).sort()).toEqual([...bodies].sort());
    for (const r of out) {
      expect(r.ok && Array.from(r.value.values)).toEqual([0, 0.5, 1]);
      expect(r.ok && r.value.times[1]).toBe(Date.UTC(2025, 0, 1, 0, 1) / 1000);
    }
    expect(pool.parsingOffThread()).toBe(true);
  });

  it('starts one worker ahead of the first body when warmed, and that body goes to it', async () => {
    const pool = await freshPool();
    pool.warmParsePool();
    pool.warmParsePool();
    expect(FakeWorker.made).toHaveLength(1);
    await vi.waitFor(() => expect(pool.parsingOffThread()).toBe(true));
    const body = bytesOf(rsamBody(2));
    const r = await pool.decodeAndKeepRsam(body);
    expect(r.ok && Array.from(r.value.values)).toEqual([0, 0.5]);
    expect(FakeWorker.made).toHaveLength(1);
    expect(FakeWorker.made[0]!.transferred).toEqual([body]);
  });

  it('adopts the worker the entry started, ready before the pool loaded, and sends it the first body at once', async () => {
    const pool = await freshPool();
    const entry = await import('./worker-start');
    entry.startParseWorkerEarly();
    entry.startParseWorkerEarly();
    expect(FakeWorker.made).toHaveLength(1);
    await FakeWorker.made[0]!.loaded; // its ready message arrives before the pool is used
    const body = bytesOf(rsamBody(2));
    const r = await pool.decodeAndKeepRsam(body);
    expect(r.ok && Array.from(r.value.values)).toEqual([0, 0.5]);
    expect(FakeWorker.made).toHaveLength(1);
    expect(FakeWorker.made[0]!.transferred).toEqual([body]);
    expect(pool.parsingOffThread()).toBe(true);
  });

  it('sends each job once when the worker says it is ready twice (WebKit evaluates its entry again)', async () => {
    FakeWorker.readyTwice = true;
    const pool = await freshPool();
    const body = bytesOf(rsamBody(2));
    const r = await pool.decodeAndKeepRsam(body);
    expect(r.ok && Array.from(r.value.values)).toEqual([0, 0.5]);
    expect(FakeWorker.made[0]!.posted).toHaveLength(1);
    expect(FakeWorker.made[0]!.transferred).toEqual([body]);
  });

  it('decodes in this thread when the worker the entry started could not load', async () => {
    FakeWorker.failToLoad = true;
    const pool = await freshPool();
    const entry = await import('./worker-start');
    entry.startParseWorkerEarly();
    await FakeWorker.made[0]!.loaded; // its failure arrives before the pool is used
    const r = await pool.decodeAndKeepRsam(bytesOf(rsamBody(2)));
    expect(r.ok && Array.from(r.value.values)).toEqual([0, 0.5]);
    expect(pool.parsingOffThread()).toBe(false);
    expect(FakeWorker.made).toHaveLength(1);
  });

  it('sends jobs to the started worker while a second one is still loading', async () => {
    const pool = await freshPool();
    pool.warmParsePool();
    await vi.waitFor(() => expect(pool.parsingOffThread()).toBe(true));
    const bodies = Array.from({ length: 3 }, () => bytesOf(rsamBody(2)));
    const out = await Promise.all(bodies.map((b) => pool.decodeAndKeepRsam(b)));
    expect(out.every((r) => r.ok)).toBe(true);
    // The second worker started (the first was busy) but was not ready: nothing waited for it.
    expect(FakeWorker.made).toHaveLength(2);
    expect(FakeWorker.made[0]!.transferred).toEqual(bodies);
    expect(FakeWorker.made[1]!.transferred).toEqual([]);
  });

  it('sends every job to the oldest worker while none has started yet', async () => {
    const pool = await freshPool();
    pool.warmParsePool();
    // Asked at once, before the warmed worker is ready (a year's chunks at boot).
    const bodies = Array.from({ length: 4 }, () => bytesOf(rsamBody(2)));
    const out = await Promise.all(bodies.map((b) => pool.decodeAndKeepRsam(b)));
    expect(out.every((r) => r.ok)).toBe(true);
    expect(FakeWorker.made).toHaveLength(2);
    expect(FakeWorker.made[0]!.transferred).toEqual(bodies);
    expect(FakeWorker.made[1]!.transferred).toEqual([]);
  });

  it('fails the requests of a worker that stopped as that, not as the service failing', async () => {
    const pool = await freshPool();
    (await import('../../test/test-config')).useTestConfig();
    pool.warmParsePool();
    await vi.waitFor(() => expect(pool.parsingOffThread()).toBe(true));
    const url =
      'http://api.test/api/seismic/rsam?network=AV&station=CLCL&channel=BHZ&datefrom=20250309&dateto=20250309';
    const asked = pool.fetchRsamInWorker(url, {}, { maxBytes: 1 << 20, label: '/api/seismic/rsam' });
    // It stops before its answer (a job's reply comes 5 ms after it is posted).
    FakeWorker.made[0]!.onerror?.({ preventDefault() {} } as ErrorEvent);
    const failed = await asked.catch((e: unknown) => e);
    expect(failed).toMatchObject({ name: 'WorkerFailed', how: 'stopped', message: 'the parse worker stopped' });
  });

  it('fails a decoding whose worker stopped as that, never as a fault of the body', async () => {
    const pool = await freshPool();
    pool.warmParsePool();
    await vi.waitFor(() => expect(pool.parsingOffThread()).toBe(true));
    const decoding = pool.decodeAndKeepRsam(bytesOf(rsamBody(2)));
    FakeWorker.made[0]!.onerror?.({ preventDefault() {} } as ErrorEvent);
    const failed = await decoding.catch((e: unknown) => e);
    expect(failed).toMatchObject({ name: 'WorkerFailed', how: 'stopped' });
  });

  it('reports the first bad point as the in-thread decoding would', async () => {
    const pool = await freshPool();
    const body = rsamBody(3);
    (body.series[0]!.points[2] as { rsam_counts: unknown }).rsam_counts = 'high';
    const r = await pool.decodeAndKeepRsam(bytesOf(body));
    expect(r).toEqual({
      ok: false,
      failure: {
        kind: 'field',
        field: 'series[0].points[2].rsam_counts',
        problem: { code: 'not-number', got: '"high"' },
      },
    });
  });

  it('hands legacy records over in slices of 2,000', async () => {
    const pool = await freshPool();
    const rec = legacyRecord();
    const slices: number[] = [];
    const r = await pool.decodeLegacyBytes(
      bytesOf(Array.from({ length: 4_500 }, () => rec)),
      'visible',
      'http://l',
      (recs, done) => slices.push(recs.length, done),
    );
    expect(r.ok).toBe(true);
    expect(slices).toEqual([2000, 2000, 2000, 4000, 500, 4500]);
  });

  it('decodes in this thread when the worker cannot start', async () => {
    const pool = await freshPool();
    FakeWorker.failToLoad = true;
    const r = await pool.decodeAndKeepRsam(bytesOf(rsamBody(2)));
    expect(r.ok && Array.from(r.value.values)).toEqual([0, 0.5]);
    expect(pool.parsingOffThread()).toBe(false);
    // Later bodies do not try again.
    await pool.decodeAndKeepRsam(bytesOf(rsamBody(1)));
    expect(FakeWorker.made).toHaveLength(1);
  });

  it('keeps a chunk decoded with a cache key; a later read finds it without any body', async () => {
    setRsamCacheStore(idbChunkStore({ factory: new IDBFactory() }));
    const pool = await freshPool();
    expect(await pool.readKeptChunk('AV.CLCL..BHZ|20250101|20250101')).toBeNull();
    const keep = { key: 'AV.CLCL..BHZ|20250101|20250101', lastDay: Date.UTC(2025, 0, 1) };
    const fresh = await pool.decodeAndKeepRsam(bytesOf(rsamBody(3)), keep);
    expect(fresh.ok).toBe(true);
    // Kept without holding up the answer: the disk write finishes a little later, and says when.
    await rsamCacheWritten();
    const hit = await pool.readKeptChunk('AV.CLCL..BHZ|20250101|20250101');
    expect(hit && Array.from(hit.values)).toEqual([0, 0.5, 1]);
    expect(await pool.readKeptChunk('AV.CLCL..BHZ|20250102|20250102')).toBeNull();
  });

  it('keeps no chunk the channel may still fill: none with no points, none stopping before its last day', async () => {
    setRsamCacheStore(idbChunkStore({ factory: new IDBFactory() }));
    const pool = await freshPool();
    // Three points on 1 January, in a chunk of 1–2 January: the 2nd may still arrive.
    await pool.decodeAndKeepRsam(bytesOf(rsamBody(3)), { key: 'short', lastDay: Date.UTC(2025, 0, 2) });
    await pool.decodeAndKeepRsam(bytesOf(rsamBody(0)), { key: 'empty', lastDay: Date.UTC(2025, 0, 1) });
    await rsamCacheWritten();
    expect(await pool.readKeptChunk('short')).toBeNull();
    expect(await pool.readKeptChunk('empty')).toBeNull();
  });

  it('keeps nothing for a body that fails its checks', async () => {
    setRsamCacheStore(idbChunkStore({ factory: new IDBFactory() }));
    const pool = await freshPool();
    const body = rsamBody(2);
    (body.series[0]!.points[1] as { time: unknown }).time = 'soon';
    expect((await pool.decodeAndKeepRsam(bytesOf(body), { key: 'k', lastDay: Date.UTC(2025, 0, 1) })).ok).toBe(false);
    await rsamCacheWritten();
    expect(await pool.readKeptChunk('k')).toBeNull();
  });

  it('summarises values in a worker, the columns transferred to it', async () => {
    const pool = await freshPool();
    const cols = [Float64Array.from([3, NaN, 1]), Float64Array.from([2])];
    const buffers = cols.map((c) => c.buffer);
    expect(await pool.summarizeOffThread(cols)).toEqual({ count: 3, min: 1, max: 3, median: 2 });
    expect(FakeWorker.made[0]!.transferred).toEqual(buffers);
  });

  it('leaves the summary to the caller where no worker can start', async () => {
    const pool = await freshPool();
    FakeWorker.failToLoad = true;
    expect(await pool.summarizeOffThread([Float64Array.from([5, 7])])).toBeNull();
    expect(await pool.summarizeOffThread([Float64Array.from([5, 7])])).toBeNull();
  });
});

import { IDBFactory } from 'fake-indexeddb';
import { idbChunkStore, rsamCacheWritten, setRsamCacheStore } from '../api/cache/rsam-cache';
import { FakeWorker } from '../test/fake-worker';
import { bytesOf, minuteRsamBody as rsamBody } from '../test/rsam-fixtures';
import { freshParsePool as freshPool } from '../test/parse-pool';

// The parse worker as src/main.tsx starts it: the API layer's jobs with the chart's drawing
// preparation. FakeWorker runs parse-worker-jobs.ts in this thread.
afterEach(() => {
  vi.unstubAllGlobals();
  setRsamCacheStore(undefined);
});

describe('the parse worker’s jobs', () => {
  it('sends the columns the chart draws, an outage marked with NaN, beside the decoded ones', async () => {
    const pool = await freshPool();
    const body = rsamBody(4);
    body.series[0]!.points.splice(2, 1); // 00:02 missing
    const r = await pool.decodeAndKeepRsam(bytesOf(body));
    const t0 = Date.UTC(2025, 0, 1) / 1000;
    const g = r.ok ? r.value.drawing : undefined;
    expect(g && Array.from(g.x)).toEqual([t0, t0 + 60, t0 + 120, t0 + 180]);
    expect(g && Array.from(g.y)).toEqual([0, 0.5, NaN, 1.5]);
    // With where each run of rows has its lowest and highest value (the break's run has no lowest).
    expect(g && Array.from(g.buckets!.lo)).toEqual([-1]);
    expect(g && Array.from(g.buckets!.hi)).toEqual([3]);
    // All four columns and the two summaries go back by transfer, none by copy.
    const v = r.ok ? r.value : null;
    expect(FakeWorker.made[0]!.returned).toEqual([
      v?.times.buffer,
      v?.values.buffer,
      g?.x.buffer,
      g?.y.buffer,
      g?.buckets!.lo.buffer,
      g?.buckets!.hi.buffer,
    ]);
  });

  it('sends a chunk read from the browser’s cache with the columns the chart draws', async () => {
    setRsamCacheStore(idbChunkStore({ factory: new IDBFactory() }));
    const pool = await freshPool();
    const keep = { key: 'AV.CLCL..BHZ|20250101|20250101', lastDay: Date.UTC(2025, 0, 1) };
    expect((await pool.decodeAndKeepRsam(bytesOf(rsamBody(3)), keep)).ok).toBe(true);
    // Kept without holding up the answer: the disk write finishes a little later, and says when.
    await rsamCacheWritten();
    const hit = await pool.readKeptChunk(keep.key);
    expect(hit && Array.from(hit.drawing!.y)).toEqual([0, 0.5, 1]);
  });
});

import { legacySlice, parseText, rsamFromBody, textOf } from './body-decode';
import type { WorkerReply, WorkerRequest } from './parse-protocol';
import { rsamBody as fixtureBody } from '../test/rsam-fixtures';
import { legacyRecord } from '../test/legacy-fixtures';

/** Speaks the parse worker's protocol in this thread, recording what was transferred to it. */
class FakeWorker {
  static made: FakeWorker[] = [];
  static failToLoad = false;
  onmessage: ((e: MessageEvent<WorkerReply>) => void) | null = null;
  onerror: ((e: ErrorEvent) => void) | null = null;
  transferred: Transferable[] = [];
  constructor() {
    FakeWorker.made.push(this);
    setTimeout(() => {
      if (FakeWorker.failToLoad) this.onerror?.({ preventDefault() {} } as ErrorEvent);
      else this.reply({ id: -1, ready: true });
    });
  }
  reply(m: WorkerReply) {
    this.onmessage?.({ data: m } as MessageEvent<WorkerReply>);
  }
  postMessage(req: WorkerRequest, transfer: Transferable[]) {
    this.transferred.push(...transfer);
    const text = textOf(req.bytes);
    setTimeout(() => {
      const parsed = parseText(text);
      if (!parsed.ok) return this.reply({ id: req.id, ok: false, failure: parsed.failure });
      if (req.job === 'rsam') {
        const r = rsamFromBody(parsed.value);
        return this.reply(
          r.ok ? { id: req.id, ok: true, rsam: r.value } : { id: req.id, ok: false, failure: r.failure },
        );
      }
      const body = parsed.value as unknown[];
      for (let s = 0; s < body.length; s += req.slice) {
        const r = legacySlice(body, s, Math.min(body.length, s + req.slice), req.imageType, req.base);
        if (!r.ok) return this.reply({ id: req.id, ok: false, failure: r.failure });
        this.reply({ id: req.id, slice: r.value, done: Math.min(body.length, s + req.slice), total: body.length });
      }
      this.reply({ id: req.id, ok: true });
    }, 5);
  }
  terminate() {}
}

const bytesOf = (v: unknown) => new TextEncoder().encode(JSON.stringify(v)).buffer;
/** n one-minute points from 2025-01-01, counts i / 2. */
const rsamBody = (n: number) =>
  fixtureBody(
    Array.from({ length: n }, (_, i) => ({
      time: new Date(Date.UTC(2025, 0, 1) + i * 60_000).toISOString().replace('.000', ''),
      rsam_counts: i / 2,
    })),
  );

async function freshPool() {
  vi.resetModules();
  FakeWorker.made = [];
  vi.stubGlobal('Worker', FakeWorker);
  return import('./parse-pool');
}

afterEach(() => {
  vi.unstubAllGlobals();
  FakeWorker.failToLoad = false;
});

describe('the parse worker pool', () => {
  it('reuses at most two workers for many bodies and transfers each body to them', async () => {
    const pool = await freshPool();
    const bodies = Array.from({ length: 6 }, () => bytesOf(rsamBody(3)));
    const out = await Promise.all(bodies.map((b) => pool.decodeRsamBytes(b)));
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
    const r = await pool.decodeRsamBytes(body);
    expect(r.ok && Array.from(r.value.values)).toEqual([0, 0.5]);
    expect(FakeWorker.made).toHaveLength(1);
    expect(FakeWorker.made[0]!.transferred).toEqual([body]);
  });

  it('reports the first bad point as the in-thread decoding would', async () => {
    const pool = await freshPool();
    const body = rsamBody(3);
    (body.series[0]!.points[2] as { rsam_counts: unknown }).rsam_counts = 'high';
    const r = await pool.decodeRsamBytes(bytesOf(body));
    expect(r).toEqual({
      ok: false,
      failure: { kind: 'field', field: 'series[0].points[2].rsam_counts', problem: 'must be a number, got "high"' },
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
    const r = await pool.decodeRsamBytes(bytesOf(rsamBody(2)));
    expect(r.ok && Array.from(r.value.values)).toEqual([0, 0.5]);
    expect(pool.parsingOffThread()).toBe(false);
    // Later bodies do not try again.
    await pool.decodeRsamBytes(bytesOf(rsamBody(1)));
    expect(FakeWorker.made).toHaveLength(1);
  });
});

import { delay, http, HttpResponse } from 'msw';
import { server } from '../../mocks/node';
import { FakeWorker } from '../test/fake-worker';
import type { ApiError } from './http/errors';

// A RSAM request made by the parse worker must read, to the view, exactly as one made here: the
// same columns, the same errors, and a cancel that stops it.
const CHANNEL = { network: 'AV', station: 'CLCL', location: '', channel: 'BHZ' };
const DAYS = { channel: CHANNEL, from: Date.UTC(2025, 2, 9), to: Date.UTC(2025, 2, 10) };
const RSAM = 'http://api.test/api/seismic/rsam';

/** fetchRsamDays of fresh modules, with a parse worker (FakeWorker runs its jobs) or with none. */
async function load(worker: boolean, demo = false) {
  vi.resetModules();
  FakeWorker.made = [];
  vi.stubGlobal('Worker', worker ? FakeWorker : undefined);
  (await import('./worker/worker-start')).provideParseWorker(() => new Worker('parse-worker.js'));
  (await import('../test/test-config')).useTestConfig({ mock: demo });
  return (await import('./seismic')).fetchRsamDays;
}

const jobsPosted = () => FakeWorker.made.flatMap((w) => w.posted);

/** The error as the view reads it (fresh modules: not an instance of this file's ApiError). */
async function failure(p: Promise<unknown>) {
  const e = (await p.then(
    () => null,
    (x: unknown) => x,
  )) as ApiError | null;
  if (!e) throw new Error('expected a rejection');
  return {
    name: e.name,
    kind: e.kind,
    url: e.url,
    status: e.status,
    detail: e.detail,
    fieldErrors: e.fieldErrors,
    headers: e.headers,
    body: e.body,
    retryAfterSeconds: e.retryAfterSeconds,
    attempts: e.attempts,
    retries: e.retryAt !== undefined,
  };
}

/** A 200 JSON body that streams for as long as it is read (1 MB of spaces at a time). */
function endlessAnswer(): Response {
  const chunk = new Uint8Array(1 << 20).fill(32);
  return new HttpResponse(
    new ReadableStream<Uint8Array>({
      start: (c) => c.enqueue(new TextEncoder().encode('{"series":[')),
      pull: (c) => c.enqueue(chunk),
    }),
    { status: 200, headers: { 'Content-Type': 'application/json' } },
  );
}

afterEach(() => {
  vi.unstubAllGlobals();
  FakeWorker.failToLoad = false;
});

describe('RSAM requested by the parse worker', () => {
  it('asks for the chunk from the worker, at low priority, and draws the same columns as a request made here', async () => {
    const viaWorker = await (await load(true))(DAYS);
    const fetches = jobsPosted().filter((r) => r.job === 'rsam-fetch');
    expect(fetches).toEqual([
      expect.objectContaining({
        url: `${RSAM}?network=AV&station=CLCL&channel=BHZ&datefrom=20250309&dateto=20250310`,
        priority: 'low',
      }),
    ]);
    // No body went from this thread to the worker: it received the answer itself.
    expect(FakeWorker.made.flatMap((w) => w.transferred)).toEqual([]);

    const here = await (await load(false))(DAYS);
    expect(viaWorker.times.length).toBeGreaterThan(2_000);
    expect(Array.from(viaWorker.times)).toEqual(Array.from(here.times));
    expect(Array.from(viaWorker.values)).toEqual(Array.from(here.values));
  });

  const answers: Array<[string, () => Response]> = [
    [
      'a 422',
      () =>
        HttpResponse.json(
          {
            error: true,
            status_code: 422,
            detail: 'Validation error',
            errors: [{ field: 'datefrom', message: 'bad' }],
          },
          { status: 422 },
        ),
    ],
    [
      'a 500 with a text body and a Retry-After',
      () => new HttpResponse('upstream timed out', { status: 500, headers: { 'Retry-After': '30' } }),
    ],
    ['no answer at all', () => HttpResponse.error()],
    ['a 200 that is not JSON', () => new HttpResponse('<!doctype html><html></html>', { status: 200 })],
    [
      'a 200 whose point is not a number',
      () =>
        HttpResponse.json({
          series: [
            {
              network: 'AV',
              station: 'CLCL',
              location: '',
              channel: 'BHZ',
              window_sec: 60,
              points: [{ time: '2025-03-09T00:00:00Z', rsam_counts: 'high' }],
            },
          ],
        }),
    ],
    [
      'a 200 cut off mid-body',
      () =>
        new HttpResponse(
          new ReadableStream({
            start(c) {
              c.enqueue(new TextEncoder().encode('{"series":[{"network":"AV",'));
              c.error(new Error('connection reset'));
            },
          }),
          { status: 200, headers: { 'Content-Type': 'application/json' } },
        ),
    ],
    ['a 200 that never ends', endlessAnswer],
  ];
  it.each(answers)('reads %s as the same error as a request made here', async (_, answer) => {
    server.use(http.get(RSAM, answer));
    const viaWorker = await failure((await load(true))(DAYS));
    expect(jobsPosted().map((r) => r.job)).toEqual(['rsam-fetch']);
    const here = await failure((await load(false))(DAYS));
    expect(viaWorker).toEqual(here);
    expect(viaWorker.name).toBe('ApiError');
  });

  it('stops reading a 200 that never ends at its ceiling, and says which answer was too large', async () => {
    server.use(http.get(RSAM, endlessAnswer));
    const e = await failure((await load(true))(DAYS));
    expect(e).toMatchObject({
      kind: 'malformed',
      detail: 'the answer of /api/seismic/rsam was larger than 16 MB: stopped reading',
      retries: false,
    });
  });

  it('asks the worker again after a 429, once the wait it names is over', async () => {
    server.use(
      http.get(RSAM, () => new HttpResponse(null, { status: 429, headers: { 'Retry-After': '1' } }), { once: true }),
    );
    const r = await (await load(true))(DAYS);
    expect(r.times.length).toBeGreaterThan(2_000);
    expect(jobsPosted().map((j) => j.job)).toEqual(['rsam-fetch', 'rsam-fetch']);
  });

  it('aborts the worker’s request when the view no longer wants the chunk', async () => {
    let asked: AbortSignal | undefined;
    server.use(
      http.get(RSAM, async ({ request }) => {
        asked = request.signal;
        await delay('infinite');
        return new HttpResponse(null, { status: 204 });
      }),
    );
    const fetchRsamDays = await load(true);
    const view = new AbortController();
    const result = failure(fetchRsamDays(DAYS, view.signal));
    await vi.waitFor(() => expect(asked).toBeDefined());
    view.abort();
    expect((await result).kind).toBe('aborted');
    await vi.waitFor(() => expect(asked?.aborted).toBe(true));
  });

  it('asks from this thread when no worker could start', async () => {
    FakeWorker.failToLoad = true;
    const r = await (await load(true))(DAYS);
    expect(r.times.length).toBeGreaterThan(2_000);
    expect(jobsPosted()).toEqual([]);
  });

  it('asks from this thread with demo data, whose in-page mock never sees a worker’s requests', async () => {
    const r = await (await load(true, true))(DAYS);
    expect(r.times.length).toBeGreaterThan(2_000);
    expect(jobsPosted().map((j) => j.job)).toEqual(['rsam']);
  });
});

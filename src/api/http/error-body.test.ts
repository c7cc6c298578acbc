import { http, HttpResponse } from 'msw';
import { server } from '../../../mocks/node';
import { useTestConfig } from '../../test/test-config';
import { RSAM_URL, ONE_DAY } from '../../test/rsam-fixtures';
import { readErrorBody } from './error-body';
import { RETRY } from './retry';
import { fetchRsamDays } from '../seismic';

beforeEach(() => {
  useTestConfig();
});

describe('error bodies', () => {
  it('reads a 400 detail', async () => {
    server.use(
      http.get(RSAM_URL, () =>
        HttpResponse.json({ error: true, status_code: 400, detail: 'datefrom must be <= dateto' }, { status: 400 }),
      ),
    );
    await expect(fetchRsamDays(ONE_DAY)).rejects.toMatchObject({
      kind: 'http',
      status: 400,
      detail: 'datefrom must be <= dateto',
    });
  });

  it('maps 422 errors to their parameters', () => {
    const info = readErrorBody(
      {
        error: true,
        status_code: 422,
        detail: 'Validation error',
        errors: [
          { type: 'int_parsing', loc: ['query', 'limit'], msg: 'Input should be a valid integer' },
          { type: 'missing', loc: ['query', 'network'], msg: 'Field required' },
        ],
        path: '/api/imagery/q',
      },
      422,
    );
    expect(info.fieldErrors).toEqual({ limit: 'Input should be a valid integer', network: 'Field required' });
  });

  it('reads the 429 string body and gives up after five tries', async () => {
    vi.useFakeTimers();
    let calls = 0;
    server.use(
      http.get(RSAM_URL, () => {
        calls++;
        return HttpResponse.json(
          { error: 'Rate limit exceeded: 100 per 1 minute' },
          { status: 429, headers: { 'Retry-After': '2' } },
        );
      }),
    );
    const p = fetchRsamDays(ONE_DAY).catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(30_000);
    const err = await p;
    vi.useRealTimers();
    expect(calls).toBe(RETRY.maxAttempts);
    expect(err).toMatchObject({
      kind: 'rate-limited',
      status: 429,
      detail: 'Rate limit exceeded: 100 per 1 minute',
      retryAfterSeconds: 2,
    });
  });

  it('never retries other 4xx', async () => {
    let calls = 0;
    server.use(
      http.get(RSAM_URL, () => {
        calls++;
        return HttpResponse.json({ error: true, status_code: 404, detail: 'nope' }, { status: 404 });
      }),
    );
    await expect(fetchRsamDays(ONE_DAY)).rejects.toMatchObject({ status: 404 });
    expect(calls).toBe(1);
  });
});

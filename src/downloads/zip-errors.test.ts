import { describe, expect, it } from 'vitest';
import { ApiError } from '../api/http/errors';
import { SaveError } from './save-stream';
import { describeZipError } from './zip-errors';

const api = (init: Partial<ConstructorParameters<typeof ApiError>[0]>) =>
  new ApiError({ kind: 'http', endpoint: '/api/imagery/q', detail: 'x', ...init });

describe('describeZipError', () => {
  it('names 413, 429, 5xx and a lost connection in plain words', () => {
    expect(describeZipError(api({ status: 413 })).title).toBe('The service refused: the download is too large (413)');
    expect(describeZipError(api({ status: 413 })).hint).toMatch(/hourly or daily sampling/);
    const r = describeZipError(api({ kind: 'rate-limited', status: 429 }));
    expect(r.title).toBe('The service is limiting requests (429)');
    expect(r.hint).toMatch(/until the next minute/);
    expect(describeZipError(api({ kind: 'rate-limited', status: 429, retryAfterSeconds: 20 })).hint).toMatch(
      /Wait 20 s/,
    );
    expect(describeZipError(api({ status: 503 })).title).toBe('The service failed while preparing the ZIP (503)');
    expect(
      describeZipError(api({ kind: 'network', detail: 'the connection was lost during the download (terminated)' }))
        .title,
    ).toBe('The connection was lost during the download');
    expect(describeZipError(api({ kind: 'network', detail: 'no answer from the service' })).title).toBe(
      'The service could not be reached',
    );
    expect(describeZipError(api({ status: 400, detail: 'Too many images' })).title).toBe(
      'The service refused the download (400)',
    );
  });

  it('tells a browser that cannot hold the file apart from a failed write', () => {
    expect(describeZipError(new SaveError('too-large', 'big')).title).toBe(
      'This browser cannot save a file this large',
    );
    expect(describeZipError(new SaveError('write-failed', 'disk')).title).toBe('The file could not be written');
  });
});

import { afterEach, describe, expect, it } from 'vitest';
import { ApiError } from '../api/http/errors';
import { ZipConnectionLost } from '../api/http/zip-stream';
import { activatePseudo } from '../i18n/i18n';
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
    expect(describeZipError(new ZipConnectionLost('/api/imagery/q', undefined, 'terminated')).title).toBe(
      'The connection was lost during the download',
    );
    expect(describeZipError(api({ kind: 'network', detail: 'no answer from the service' })).title).toBe(
      'The service could not be reached',
    );
    expect(describeZipError(api({ status: 400, detail: 'Too many images' })).title).toBe(
      'The service refused the download (400)',
    );
  });

  afterEach(() => activatePseudo(false));

  it('tells a lost connection by its class, not its words, so both are said in the display language', () => {
    activatePseudo();
    const lost = describeZipError(new ZipConnectionLost('/api/imagery/q', undefined, 'network error'));
    expect(lost.title).toBe('⟦The connection was lost during the download⟧');
    // The browser's own words stay as it said them, inside the app's sentence.
    expect(lost.detail).toBe('⟦the connection was lost during the download (network error)⟧');
    // Another network failure whose words happen to read alike is not taken for one.
    expect(
      describeZipError(api({ kind: 'network', detail: 'the connection was lost during the download (x)' })).title,
    ).toBe('⟦The service could not be reached⟧');
  });

  it('tells a browser that cannot hold the file apart from a failed write', () => {
    expect(describeZipError(new SaveError('too-large', 'big')).title).toBe(
      'This browser cannot save a file this large',
    );
    expect(describeZipError(new SaveError('write-failed', 'disk')).title).toBe('The file could not be written');
  });
});

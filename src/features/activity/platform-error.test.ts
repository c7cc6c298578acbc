import { ApiError } from '../../api/http/errors';
import { TokenRequestError } from '../../api/platform';
import { explainPlatformError } from './platform-error';

const refused = (status: number) =>
  new ApiError({
    kind: 'http',
    endpoint: 'platform OAuth token',
    status,
    detail: 'Client authentication failed (invalid_client)',
  });

describe('a refused token request', () => {
  it('names the method used and suggests the other', () => {
    const form = explainPlatformError(new TokenRequestError(refused(401), 'form'), 'client')!;
    expect(form.detail).toContain('The client was sent as form fields');
    expect(form.detail).toContain('“Client authentication failed (invalid_client)”');
    expect(form.hint).toContain('try sending the client as HTTP Basic');
    const basic = explainPlatformError(new TokenRequestError(refused(401), 'basic'), 'client')!;
    expect(basic.detail).toContain('The client was sent as HTTP Basic');
    expect(basic.hint).toContain('try sending the client as form fields');
    expect(basic.hint).toContain('platformTokenAuth: "form"');
  });
});

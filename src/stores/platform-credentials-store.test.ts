import { act, renderHook } from '@testing-library/react';
import {
  platformTokenCache,
  readClientCredentials,
  resetPlatformCredentials,
  useClientId,
  useHasClientSecret,
  usePlatformCredentialsActions,
  useCredentialsVersion,
} from './platform-credentials-store';

const TOKEN = { accessToken: 'abc', expiresAt: null, scope: 'ACTIVITY_LOG' };

function store() {
  return renderHook(() => ({
    actions: usePlatformCredentialsActions(),
    id: useClientId(),
    hasSecret: useHasClientSecret(),
    version: useCredentialsVersion(),
  }));
}

describe('platform credentials store', () => {
  beforeEach(() => resetPlatformCredentials());

  it('drops the typed secret and the token when the tenant changes; the client id stays', () => {
    const { result } = store();
    act(() => result.current.actions.credentialsEntered('demo-client', 'demo-secret'));
    platformTokenCache(result.current.version).set(TOKEN);
    expect(platformTokenCache(result.current.version).get()).toEqual(TOKEN);
    act(() => result.current.actions.tenantBaseUrlEdited('https://other-region.example.com'));
    expect(readClientCredentials()).toEqual({ clientId: 'demo-client', clientSecret: '' });
    expect(result.current.hasSecret).toBe(false);
    expect(result.current.id).toBe('demo-client');
    expect(platformTokenCache(result.current.version).get()).toBeNull();
  });

  it('keeps the secret when the tenant is applied unchanged', () => {
    const { result } = store();
    act(() => result.current.actions.tenantBaseUrlEdited('https://t.example.com'));
    act(() => result.current.actions.credentialsEntered('demo-client', 'demo-secret'));
    act(() => result.current.actions.tenantBaseUrlEdited('https://t.example.com'));
    expect(readClientCredentials().clientSecret).toBe('demo-secret');
  });

  it('does not keep a token asked for with credentials no longer in use', () => {
    const { result } = store();
    act(() => result.current.actions.credentialsEntered('demo-client', 'demo-secret'));
    // A token request under way for this tenant…
    const asked = platformTokenCache(result.current.version);
    act(() => result.current.actions.tenantBaseUrlEdited('https://other-region.example.com'));
    // …answers after the change: it is not kept, and never offered for the new tenant.
    act(() => asked.set(TOKEN));
    expect(asked.get()).toBeNull();
    expect(platformTokenCache(result.current.version).get()).toBeNull();
  });
});

/**
 * Activity-log session settings, held in memory only: a browser app cannot keep a client secret
 * (OAuth 2.0 for Browser-Based Applications), so the typed-in secret and the token are never written
 * to localStorage, the URL or logs, and are gone on reload.
 *
 * The tenant base URL is kept here, not in the URL: a shared link carrying a base URL could send
 * whoever opens it (with their typed-in secret or the proxy's token) to a host of the link author's
 * choosing. The deployment's value comes from config.json; an edit lasts for the session.
 *
 * Credentials go only where they were typed for: changing the tenant drops the secret and the
 * token (the client id stays in the form: it names the client, and is sent nowhere without its
 * secret), and a token that arrives for an earlier tenant or source is not kept.
 */
import { create } from 'zustand';
import type { ClientAuthMethod, PlatformToken, TokenCache } from '../api/platform';

export type TokenMode = 'proxy' | 'client';

interface Values {
  /** null = the deployment's platformBaseUrl from config.json. */
  tenantBaseUrl: string | null;
  mode: TokenMode | null;
  clientId: string;
  clientSecret: string;
  token: PlatformToken | null;
  /** Bumped whenever the token source changes, so cached answers of the old source are not reused. */
  credentialsVersion: number;
  /** null = config.json platformTokenAuth. */
  clientAuth: ClientAuthMethod | null;
}

interface State extends Values {
  clientAuthChosen: (m: ClientAuthMethod | null) => void;
  tenantBaseUrlEdited: (url: string | null) => void;
  tokenModeChosen: (mode: TokenMode) => void;
  credentialsEntered: (clientId: string, clientSecret: string) => void;
  credentialsForgotten: () => void;
  /** Kept only while the credentials it was asked with (`version`) are still the ones in use. */
  tokenReceived: (t: PlatformToken | null, version: number) => void;
}

/** A fresh page load's session: nothing typed in, no token. */
const INITIAL: Values = {
  tenantBaseUrl: null,
  mode: null,
  clientId: '',
  clientSecret: '',
  token: null,
  credentialsVersion: 0,
  clientAuth: null,
};

const usePlatformCredentialsStore = create<State>()((set) => ({
  ...INITIAL,
  clientAuthChosen: (clientAuth) =>
    set((s) => ({ clientAuth, token: null, credentialsVersion: s.credentialsVersion + 1 })),
  // A token belongs to one tenant and one source: any change discards it. The secret was typed
  // for the tenant in use then: a new tenant gets it only if it is typed again.
  tenantBaseUrlEdited: (url) =>
    set((s) =>
      url === s.tenantBaseUrl
        ? s
        : { tenantBaseUrl: url, clientSecret: '', token: null, credentialsVersion: s.credentialsVersion + 1 },
    ),
  tokenModeChosen: (mode) => set((s) => ({ mode, token: null, credentialsVersion: s.credentialsVersion + 1 })),
  credentialsEntered: (clientId, clientSecret) =>
    set((s) => ({ clientId, clientSecret, token: null, credentialsVersion: s.credentialsVersion + 1 })),
  credentialsForgotten: () =>
    set((s) => ({ clientId: '', clientSecret: '', token: null, credentialsVersion: s.credentialsVersion + 1 })),
  tokenReceived: (token, version) => set((s) => (version === s.credentialsVersion ? { token } : s)),
}));

export const useTenantBaseUrlOverride = () => usePlatformCredentialsStore((s) => s.tenantBaseUrl);
export const useTokenMode = () => usePlatformCredentialsStore((s) => s.mode);
export const useClientId = () => usePlatformCredentialsStore((s) => s.clientId);
export const useHasClientSecret = () => usePlatformCredentialsStore((s) => s.clientSecret !== '');
export const useCurrentToken = () => usePlatformCredentialsStore((s) => s.token);
export const useClientAuthOverride = () => usePlatformCredentialsStore((s) => s.clientAuth);
export const useCredentialsVersion = () => usePlatformCredentialsStore((s) => s.credentialsVersion);

export const usePlatformCredentialsActions = () => {
  const tenantBaseUrlEdited = usePlatformCredentialsStore((s) => s.tenantBaseUrlEdited);
  const tokenModeChosen = usePlatformCredentialsStore((s) => s.tokenModeChosen);
  const credentialsEntered = usePlatformCredentialsStore((s) => s.credentialsEntered);
  const credentialsForgotten = usePlatformCredentialsStore((s) => s.credentialsForgotten);
  const clientAuthChosen = usePlatformCredentialsStore((s) => s.clientAuthChosen);
  return { tenantBaseUrlEdited, tokenModeChosen, credentialsEntered, credentialsForgotten, clientAuthChosen };
};

/** The secret is read only at request time, never rendered or put in a query key. */
export function readClientCredentials(): { clientId: string; clientSecret: string } {
  const s = usePlatformCredentialsStore.getState();
  return { clientId: s.clientId, clientSecret: s.clientSecret };
}

/**
 * The store as the API layer's token cache (src/api/platform.ts `TokenCache`) for the credentials
 * of `version`: once they change (another tenant, source or secret), it holds nothing and keeps
 * nothing, so a token asked for with the old ones, arriving late, is never sent to the new tenant.
 */
export function platformTokenCache(version: number): TokenCache {
  return {
    get: () => {
      const s = usePlatformCredentialsStore.getState();
      return s.credentialsVersion === version ? s.token : null;
    },
    set: (t) => usePlatformCredentialsStore.getState().tokenReceived(t, version),
  };
}

/** For tests: back to the state of a fresh page load. */
export function resetPlatformCredentials(): void {
  usePlatformCredentialsStore.setState(INITIAL);
}

import { t } from '@lingui/core/macro';
import { getRuntimeConfig } from '../../config/runtime-config';
import type { ClientAuthMethod, PlatformAuth } from '../../api/platform';
import {
  platformTokenCache,
  readClientCredentials,
  useClientAuthOverride,
  useClientId,
  useCredentialsVersion,
  useHasClientSecret,
  useTenantBaseUrlOverride,
  useTokenMode,
  type TokenMode,
} from '../../stores/platform-credentials-store';

export interface PlatformAuthState {
  baseUrl: string;
  configBaseUrl: string;
  proxyUrl: string | undefined;
  mode: TokenMode;
  /** How the client id and secret are sent (client mode). */
  clientAuth: ClientAuthMethod;
  /** The method config.json names, for "from config.json" in the settings. */
  configClientAuth: ClientAuthMethod;
  /** null while the chosen mode cannot get a token yet (no credentials typed in). */
  auth: PlatformAuth | null;
  /** Names the source without its secret, for query keys. */
  credentialsKey: string;
  whyNotReady: string | null;
}

/** The effective tenant and token source: the proxy by default when the deployment configures one. */
export function usePlatformAuth(): PlatformAuthState {
  const config = getRuntimeConfig();
  const override = useTenantBaseUrlOverride();
  const chosen = useTokenMode();
  const clientId = useClientId();
  const hasSecret = useHasClientSecret();
  const version = useCredentialsVersion();
  const clientAuth = useClientAuthOverride() ?? config.platformTokenAuth;
  const proxyUrl = config.platformTokenProxyUrl;
  const baseUrl = override ?? config.platformBaseUrl;
  const mode: TokenMode = chosen ?? (proxyUrl ? 'proxy' : 'client');
  const configBase = config.platformBaseUrl;
  let auth: PlatformAuth | null = null;
  let whyNotReady: string | null = null;
  if (mode === 'proxy') {
    // The deployment's token is for config.json's tenant: an edited tenant never receives it.
    if (proxyUrl && override !== null)
      whyNotReady = t`The deployment's token proxy gets tokens for ${configBase} only, and the tenant was edited to ${baseUrl}: use your own client id and secret for it, or go back to config.json's tenant.`;
    else if (proxyUrl)
      auth = {
        baseUrl,
        source: { mode: 'proxy', proxyUrl, tenantBaseUrl: config.platformBaseUrl },
        cache: platformTokenCache(version),
      };
    else
      whyNotReady = t`This deployment configures no token proxy (platformTokenProxyUrl). Use a client id and secret instead.`;
  } else if (clientId && hasSecret) {
    const { clientSecret } = readClientCredentials();
    auth = {
      baseUrl,
      source: { mode: 'client', clientId, clientSecret, clientAuth },
      cache: platformTokenCache(version),
    };
  } else if (clientId)
    // Only a tenant change drops the secret and keeps the id (the credentials store).
    whyNotReady = t`The tenant base URL changed, so the secret typed for the previous one was dropped: type it again for ${baseUrl}, then choose “Use these credentials”.`;
  else whyNotReady = t`Enter a client id and secret, then choose “Use these credentials”.`;
  const credentialsKey =
    mode === 'proxy' ? `proxy:${proxyUrl ?? ''}:${version}` : `client:${clientAuth}:${clientId}:${version}`;
  return {
    baseUrl,
    configBaseUrl: config.platformBaseUrl,
    proxyUrl,
    mode,
    clientAuth,
    configClientAuth: config.platformTokenAuth,
    auth,
    credentialsKey,
    whyNotReady,
  };
}

import { isApiError } from '../../api/http/errors';
import {
  ACTIVITY_LOG_SCOPE,
  CLIENT_AUTH_WORDS,
  isTokenError,
  rateLimitInfo,
  tokenAuthMethodOf,
} from '../../api/platform';
import { ErrorPanel } from '../../ui/error-panel';
import { RateLimitDetails } from './rate-limit-wait';

interface Explained {
  title: string;
  detail: string;
  hint: string;
}

/** Plain words for the platform's statuses (spec 03 §7): 401 and 403 mean different things to fix. */
export function explainPlatformError(e: unknown, mode: 'proxy' | 'client'): Explained | null {
  // A redirect is worded by describeError: not the platform's status, and nothing was sent there.
  if (!isApiError(e) || e.kind !== 'http' || e.status === undefined || e.redirected) return null;
  const s = e.status;
  const said = e.detail ? ` The service said: “${e.detail}”.` : '';
  if (isTokenError(e)) {
    if (mode === 'proxy')
      return {
        title: `The token proxy did not give a token (${s})`,
        detail: `The deployment’s token proxy answered ${s}.${said}`,
        hint:
          s === 401 || s === 403
            ? 'You may need to sign in to this deployment, or the proxy’s own client credentials were refused; tell its operator.'
            : 'Try again later, or tell the deployment’s operator.',
      };
    if (s === 401 || s === 400) {
      const used = tokenAuthMethodOf(e);
      const other = used === 'basic' ? 'form' : 'basic';
      return {
        title: 'The client id or secret was refused',
        detail: `The token endpoint answered ${s}: wrong credentials, a client unknown to this tenant, or a tenant that expects the client another way.${said}${used ? ` The client was sent as ${CLIENT_AUTH_WORDS[used]}.` : ''}`,
        hint: used
          ? `Check the client id, the secret and the tenant base URL. If they are right, try sending the client as ${CLIENT_AUTH_WORDS[other]} (“Send the client as” below, or platformTokenAuth: "${other}" in config.json).`
          : 'Check the client id, the secret and the tenant base URL, then use the credentials again.',
      };
    }
  }
  if (s === 401)
    return {
      title: 'Not authorised (401): the access token was refused',
      detail: `The event-types endpoint refused a token the token endpoint had just issued.${said}`,
      hint: 'The token does not belong to this tenant, or the credentials are wrong. Check the tenant base URL and the credentials.',
    };
  if (s === 403)
    return {
      title: `Forbidden (403): the token lacks the ${ACTIVITY_LOG_SCOPE} scope`,
      detail: `The credentials are valid, but the client was not granted the ${ACTIVITY_LOG_SCOPE} scope, which this list requires.${said}`,
      hint: `Ask the platform administrator to grant ${ACTIVITY_LOG_SCOPE} to this client, or use a client that has it. Trying again will not help.`,
    };
  if (s === 400)
    return {
      title: 'Bad request (400)',
      detail: `The service refused the request as invalid.${said}`,
      hint: 'Check the module and object-type filters; remove any the tenant does not know.',
    };
  if (s >= 500)
    return {
      title: `The service failed (${s})`,
      detail: `The platform had an internal problem.${said}`,
      hint: 'This is not caused by your settings. Try again in a moment.',
    };
  return null;
}

export function PlatformError({
  error,
  mode,
  onRetry,
}: {
  error: unknown;
  mode: 'proxy' | 'client';
  onRetry: () => void;
}) {
  const rl = rateLimitInfo(error);
  if (rl)
    return (
      <div className="error-panel" role="alert">
        <p className="error-panel__title">Too many requests (429): still limited after waiting</p>
        <RateLimitDetails info={rl} />
        <button type="button" onClick={onRetry}>
          Retry
        </button>
      </div>
    );
  const x = explainPlatformError(error, mode);
  if (!x) return <ErrorPanel error={error} context="Listing event types" onRetry={onRetry} />;
  return (
    <div className="error-panel" role="alert">
      <p className="error-panel__title">{x.title}</p>
      <p className="error-panel__detail">{x.detail}</p>
      <p className="error-panel__hint">{x.hint}</p>
      <button type="button" onClick={onRetry}>
        Retry
      </button>
    </div>
  );
}

import { t } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { isApiError } from '../../api/http/errors';
import {
  ACTIVITY_LOG_SCOPE,
  clientAuthWords,
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
  // The service's words are quoted as sent; the sentences around them are the app's.
  const detail = e.detail;
  const said = detail ? ` ${t`The service said: “${detail}”.`}` : '';
  const scope = ACTIVITY_LOG_SCOPE;
  if (isTokenError(e)) {
    if (mode === 'proxy')
      return {
        title: t`The token proxy did not give a token (${s})`,
        detail: `${t`The deployment’s token proxy answered ${s}.`}${said}`,
        hint:
          s === 401 || s === 403
            ? t`You may need to sign in to this deployment, or the proxy’s own client credentials were refused; tell its operator.`
            : t`Try again later, or tell the deployment’s operator.`,
      };
    if (s === 401 || s === 400) {
      const used = tokenAuthMethodOf(e);
      const other = used === 'basic' ? 'form' : 'basic';
      const usedWords = used ? clientAuthWords(used) : '';
      const otherWords = clientAuthWords(other);
      return {
        title: t`The client id or secret was refused`,
        detail: `${t`The token endpoint answered ${s}: wrong credentials, a client unknown to this tenant, or a tenant that expects the client another way.`}${said}${used ? ` ${t`The client was sent as ${usedWords}.`}` : ''}`,
        hint: used
          ? t`Check the client id, the secret and the tenant base URL. If they are right, try sending the client as ${otherWords} (“Send the client as” below, or platformTokenAuth: "${other}" in config.json).`
          : t`Check the client id, the secret and the tenant base URL, then use the credentials again.`,
      };
    }
  }
  if (s === 401)
    return {
      title: t`Not authorised (401): the access token was refused`,
      detail: `${t`The event-types endpoint refused a token the token endpoint had just issued.`}${said}`,
      hint: t`The token does not belong to this tenant, or the credentials are wrong. Check the tenant base URL and the credentials.`,
    };
  if (s === 403)
    return {
      title: t`Forbidden (403): the token lacks the ${scope} scope`,
      detail: `${t`The credentials are valid, but the client was not granted the ${scope} scope, which this list requires.`}${said}`,
      hint: t`Ask the platform administrator to grant ${scope} to this client, or use a client that has it. Trying again will not help.`,
    };
  if (s === 400)
    return {
      title: t`Bad request (400)`,
      detail: `${t`The service refused the request as invalid.`}${said}`,
      hint: t`Check the module and object-type filters; remove any the tenant does not know.`,
    };
  if (s >= 500)
    return {
      title: t`The service failed (${s})`,
      detail: `${t`The platform had an internal problem.`}${said}`,
      hint: t`This is not caused by your settings. Try again in a moment.`,
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
  const { t } = useLingui();
  const rl = rateLimitInfo(error);
  if (rl)
    return (
      <div className="error-panel" role="alert">
        <p className="error-panel__title">
          <Trans>Too many requests (429): still limited after waiting</Trans>
        </p>
        <RateLimitDetails info={rl} />
        <button type="button" onClick={onRetry}>
          <Trans>Retry</Trans>
        </button>
      </div>
    );
  const x = explainPlatformError(error, mode);
  if (!x) return <ErrorPanel error={error} context={t`Listing event types`} onRetry={onRetry} />;
  return (
    <div className="error-panel" role="alert">
      <p className="error-panel__title">{x.title}</p>
      <p className="error-panel__detail">{x.detail}</p>
      <p className="error-panel__hint">{x.hint}</p>
      <button type="button" onClick={onRetry}>
        <Trans>Retry</Trans>
      </button>
    </div>
  );
}

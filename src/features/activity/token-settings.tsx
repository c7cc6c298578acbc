import { t } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import { useId, useState, type FormEvent } from 'react';
import { ACTIVITY_LOG_SCOPE, clientAuthWords, TOKEN_PATH, type ClientAuthMethod } from '../../api/platform';
import { formatUtcLabel } from '../../domain/time';
import { useClientId, useCurrentToken, usePlatformCredentialsActions } from '../../stores/platform-credentials-store';
import { FormField } from '../../ui/form-field';
import { useLocale } from '../../i18n/runtime';
import type { PlatformAuthState } from './use-platform-auth';
import { baseUrlProblem, trimBase } from '../../config/base-url';

const scope = ACTIVITY_LOG_SCOPE;

/** `A token is held in memory, valid until …; scope: ACTIVITY_LOG.` The scope as the service gave it. */
function tokenLine(expiresAt: number | null | undefined, given: string | null | undefined): string {
  const scopes = given ?? t`not stated`;
  if (!expiresAt) return t`A token is held in memory; scope: ${scopes}.`;
  const until = formatUtcLabel(expiresAt);
  return t`A token is held in memory, valid until ${until}; scope: ${scopes}.`;
}

/** Tenant base URL and how a token is obtained (spec 03 §5). */
export function TokenSettings({ state }: { state: PlatformAuthState }) {
  const id = useId();
  const { tenantBaseUrlEdited, tokenModeChosen, credentialsEntered, credentialsForgotten, clientAuthChosen } =
    usePlatformCredentialsActions();
  const token = useCurrentToken();
  const [base, setBase] = useState(state.baseUrl);
  const [baseError, setBaseError] = useState<string | null>(null);
  // The id in use, if any: a changed tenant remounts this form, and keeps the id but not the secret.
  const idInUse = useClientId();
  const [clientId, setClientId] = useState(idInUse);
  const [secret, setSecret] = useState('');
  // Words worked out in this render (the token line, the methods): drawn anew on a change of language.
  useLocale();

  const applyBase = (e: FormEvent) => {
    e.preventDefault();
    // The rule config.json's bases follow (src/config/base-url.ts): the same address is refused here.
    const typed = base.trim();
    // The address rule's words are config.json's (the start-error screen's); the field's own are translated.
    const problem = typed ? baseUrlProblem(typed) : t`is empty`;
    if (problem) {
      setBaseError(t`Tenant base URL: ${problem}.`);
      return;
    }
    const v = trimBase(typed);
    setBaseError(null);
    tenantBaseUrlEdited(v === state.configBaseUrl ? null : v);
  };

  const useCredentials = (e: FormEvent) => {
    e.preventDefault();
    if (!clientId.trim() || !secret) return;
    credentialsEntered(clientId.trim(), secret);
    // The secret now lives only in the in-memory store; the field is cleared.
    setSecret('');
  };

  const tokenUrl = state.baseUrl + TOKEN_PATH;
  const { baseUrl, proxyUrl, configBaseUrl } = state;
  return (
    <section className="card activity-settings" aria-labelledby={`${id}-h`}>
      <h2 id={`${id}-h`}>
        <Trans>Connection</Trans>
      </h2>
      <form className="activity-row" onSubmit={applyBase}>
        <FormField
          label={t`Tenant base URL`}
          className="activity-field activity-field--wide"
          hintClassName="muted activity-hint"
          hint={
            state.baseUrl === state.configBaseUrl ? (
              <Trans>
                Regional hostnames differ. In use: <code>{baseUrl}</code> (from config.json).
              </Trans>
            ) : (
              <Trans>
                Regional hostnames differ. In use: <code>{baseUrl}</code> (edited for this session; not saved).
              </Trans>
            )
          }
          error={baseError}
        >
          {(control) => (
            <input
              {...control}
              value={base}
              onChange={(e) => setBase(e.target.value)}
              spellCheck={false}
              autoComplete="url"
            />
          )}
        </FormField>
        <div className="button-row">
          <button type="submit">
            <Trans>Apply URL</Trans>
          </button>
          {state.baseUrl !== state.configBaseUrl && (
            <button
              type="button"
              onClick={() => {
                setBase(state.configBaseUrl);
                tenantBaseUrlEdited(null);
              }}
            >
              <Trans>Use config.json value</Trans>
            </button>
          )}
        </div>
      </form>

      <fieldset className="activity-mode">
        <legend>
          <Trans>How to get an access token</Trans>
        </legend>
        <div className="activity-mode__option">
          <input
            type="radio"
            id={`${id}-proxy`}
            name={`${id}-mode`}
            checked={state.mode === 'proxy'}
            disabled={!state.proxyUrl}
            onChange={() => tokenModeChosen('proxy')}
          />
          <label htmlFor={`${id}-proxy`}>
            <Trans>Token proxy of this deployment (recommended)</Trans>
            <span className="muted activity-hint">
              {' '}
              {state.proxyUrl ? (
                state.baseUrl === state.configBaseUrl ? (
                  <Trans>
                    A server-side service at <code>{proxyUrl}</code> holds the client secret and hands this page a
                    token.
                  </Trans>
                ) : (
                  <Trans>
                    A server-side service at <code>{proxyUrl}</code> holds the client secret and hands this page a token
                    for config.json’s tenant, <code>{configBaseUrl}</code>, only: never sent to the edited one.
                  </Trans>
                )
              ) : (
                <Trans>Not configured: config.json has no platformTokenProxyUrl.</Trans>
              )}
            </span>
          </label>
        </div>
        <div className="activity-mode__option">
          <input
            type="radio"
            id={`${id}-client`}
            name={`${id}-mode`}
            checked={state.mode === 'client'}
            onChange={() => tokenModeChosen('client')}
          />
          <label htmlFor={`${id}-client`}>
            <Trans>My own client id and secret, for this session only</Trans>
            <span className="muted activity-hint">
              {' '}
              <Trans>
                Sent to <code>{tokenUrl}</code>.
              </Trans>
            </span>
          </label>
        </div>
      </fieldset>

      {state.mode === 'client' && (
        <form className="activity-client" onSubmit={useCredentials} aria-label={t`Client credentials`}>
          <p className="notice activity-warning" role="note">
            <Trans>
              <strong>Warning:</strong> a web page cannot keep a secret safe. The secret you type is kept only in this
              tab’s memory — never saved, never put in the address or logs — and is gone when you reload or close the
              tab. Anything running in this page could read it. Use a client that has only the {scope} scope, and prefer
              the deployment’s token proxy.
            </Trans>
          </p>
          <div className="activity-row">
            <FormField label={t`Client id`} className="activity-field">
              {(control) => (
                <input
                  {...control}
                  value={clientId}
                  onChange={(e) => setClientId(e.target.value)}
                  autoComplete="off"
                  spellCheck={false}
                />
              )}
            </FormField>
            <FormField label={t`Client secret`} className="activity-field">
              {(control) => (
                <input
                  {...control}
                  type="password"
                  value={secret}
                  onChange={(e) => setSecret(e.target.value)}
                  autoComplete="off"
                  spellCheck={false}
                />
              )}
            </FormField>
          </div>
          <fieldset className="activity-mode">
            <legend>
              <Trans>Send the client as</Trans>
            </legend>
            {(['form', 'basic'] as ClientAuthMethod[]).map((m) => (
              <div className="activity-mode__option" key={m}>
                <input
                  type="radio"
                  id={`${id}-auth-${m}`}
                  name={`${id}-auth`}
                  checked={state.clientAuth === m}
                  onChange={() => clientAuthChosen(m === state.configClientAuth ? null : m)}
                />
                <label htmlFor={`${id}-auth-${m}`}>
                  {clientAuthWords(m)}
                  {/* The file's name, the same in every language: the method config.json chose. */}
                  {m === state.configClientAuth && (
                    <span className="muted" translate="no">
                      {' '}
                      (config.json)
                    </span>
                  )}
                </label>
              </div>
            ))}
          </fieldset>
          <div className="activity-row">
            <div className="button-row">
              <button type="submit" className="primary" disabled={!clientId.trim() || !secret}>
                <Trans>Use these credentials</Trans>
              </button>
              <button type="button" onClick={credentialsForgotten}>
                <Trans>Forget credentials</Trans>
              </button>
            </div>
          </div>
        </form>
      )}

      <p className="activity-token" role="status">
        {token
          ? tokenLine(token.expiresAt, token.scope)
          : t`No token yet: one is requested with the first list request.`}
        {token?.scope && !token.scope.split(/\s+/).includes(ACTIVITY_LOG_SCOPE) && (
          <strong> {t`This token lacks the ${scope} scope.`}</strong>
        )}
      </p>
    </section>
  );
}

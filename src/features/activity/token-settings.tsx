import { useId, useState, type FormEvent } from 'react';
import { ACTIVITY_LOG_SCOPE, CLIENT_AUTH_WORDS, TOKEN_PATH, type ClientAuthMethod } from '../../api/platform';
import { formatUtcLabel } from '../../domain/time';
import { useClientId, useCurrentToken, usePlatformCredentialsActions } from '../../stores/platform-credentials-store';
import { FormField } from '../../ui/form-field';
import type { PlatformAuthState } from './use-platform-auth';
import { baseUrlProblem, trimBase } from '../../config/base-url';

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

  const applyBase = (e: FormEvent) => {
    e.preventDefault();
    // The rule config.json's bases follow (src/config/base-url.ts): the same address is refused here.
    const typed = base.trim();
    const problem = typed ? baseUrlProblem(typed) : 'is empty';
    if (problem) {
      setBaseError(`Tenant base URL: ${problem}.`);
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

  return (
    <section className="card activity-settings" aria-labelledby={`${id}-h`}>
      <h2 id={`${id}-h`}>Connection</h2>
      <form className="activity-row" onSubmit={applyBase}>
        <FormField
          label="Tenant base URL"
          className="activity-field activity-field--wide"
          hintClassName="muted activity-hint"
          hint={
            <>
              Regional hostnames differ. In use: <code>{state.baseUrl}</code>
              {state.baseUrl === state.configBaseUrl ? ' (from config.json)' : ' (edited for this session; not saved)'}.
            </>
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
          <button type="submit">Apply URL</button>
          {state.baseUrl !== state.configBaseUrl && (
            <button
              type="button"
              onClick={() => {
                setBase(state.configBaseUrl);
                tenantBaseUrlEdited(null);
              }}
            >
              Use config.json value
            </button>
          )}
        </div>
      </form>

      <fieldset className="activity-mode">
        <legend>How to get an access token</legend>
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
            Token proxy of this deployment (recommended)
            <span className="muted activity-hint">
              {state.proxyUrl ? (
                <>
                  {' '}
                  A server-side service at <code>{state.proxyUrl}</code> holds the client secret and hands this page a
                  token
                  {state.baseUrl === state.configBaseUrl ? (
                    '.'
                  ) : (
                    <>
                      {' '}
                      for config.json’s tenant, <code>{state.configBaseUrl}</code>, only: never sent to the edited one.
                    </>
                  )}
                </>
              ) : (
                ' Not configured: config.json has no platformTokenProxyUrl.'
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
            My own client id and secret, for this session only
            <span className="muted activity-hint">
              {' '}
              Sent to <code>{state.baseUrl + TOKEN_PATH}</code>.
            </span>
          </label>
        </div>
      </fieldset>

      {state.mode === 'client' && (
        <form className="activity-client" onSubmit={useCredentials} aria-label="Client credentials">
          <p className="notice activity-warning" role="note">
            <strong>Warning:</strong> a web page cannot keep a secret safe. The secret you type is kept only in this
            tab’s memory — never saved, never put in the address or logs — and is gone when you reload or close the tab.
            Anything running in this page could read it. Use a client that has only the {ACTIVITY_LOG_SCOPE} scope, and
            prefer the deployment’s token proxy.
          </p>
          <div className="activity-row">
            <FormField label="Client id" className="activity-field">
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
            <FormField label="Client secret" className="activity-field">
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
            <legend>Send the client as</legend>
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
                  {CLIENT_AUTH_WORDS[m]}
                  {m === state.configClientAuth && <span className="muted"> (config.json)</span>}
                </label>
              </div>
            ))}
          </fieldset>
          <div className="activity-row">
            <div className="button-row">
              <button type="submit" className="primary" disabled={!clientId.trim() || !secret}>
                Use these credentials
              </button>
              <button type="button" onClick={credentialsForgotten}>
                Forget credentials
              </button>
            </div>
          </div>
        </form>
      )}

      <p className="activity-token" role="status">
        {token
          ? `A token is held in memory${token.expiresAt ? `, valid until ${formatUtcLabel(token.expiresAt)}` : ''}; scope: ${token.scope ?? 'not stated'}.`
          : 'No token yet: one is requested with the first list request.'}
        {token?.scope && !token.scope.split(/\s+/).includes(ACTIVITY_LOG_SCOPE) && (
          <strong> This token lacks the {ACTIVITY_LOG_SCOPE} scope.</strong>
        )}
      </p>
    </section>
  );
}

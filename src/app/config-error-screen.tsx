import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { NotConfiguredError, type ConfigError } from '../config/runtime-config';

const BASE_MEANING = {
  apiBaseUrl: msg`the data service (seismic and imagery)`,
  legacyBaseUrl: msg`the legacy v1 imagery host`,
  platformBaseUrl: msg`the platform API (the activity log)`,
} as const;

/**
 * The build as `npm run build` ships it: config.json names no service. Said on the whole screen, so
 * that a build hosted as it is shows neither made-up data nor an empty dashboard that looks broken.
 */
function NotConfiguredScreen({ error }: { error: NotConfiguredError }) {
  const { i18n, t } = useLingui();
  const file = `${window.location.origin}${import.meta.env.BASE_URL}config.json`;
  return (
    <main className="config-error" role="alert" aria-labelledby="not-configured-title">
      <h1 id="not-configured-title">
        <Trans>This build is pointed at nothing</Trans>
      </h1>
      <p>
        <Trans>
          Its <code>config.json</code> ({file}) names no data service, so there is nothing to show. Edit{' '}
          <code>config.json</code> next to <code>index.html</code> on the server and set:
        </Trans>
      </p>
      <ul>
        {error.problems.map((key) => (
          <li key={key}>
            <code>{key}</code>:{' '}
            {key in BASE_MEANING ? i18n._(BASE_MEANING[key as keyof typeof BASE_MEANING]) : t`a host`}
          </li>
        ))}
      </ul>
      <p>
        <Trans>
          <code>config.example.json</code> beside it is a complete example, and the project's{' '}
          <code>docs/deploy.md</code> explains every key. For the built-in demo data instead, set{' '}
          <code>&quot;mock&quot;: true</code>.
        </Trans>
      </p>
      <button type="button" onClick={() => window.location.reload()}>
        <Trans>Reload</Trans>
      </button>
    </main>
  );
}

/** Shown instead of the app when config.json is missing or invalid: names every bad field. */
export function ConfigErrorScreen({ error }: { error: ConfigError }) {
  const { i18n } = useLingui();
  if (error instanceof NotConfiguredError) return <NotConfiguredScreen error={error} />;
  return (
    <main className="config-error" role="alert">
      <h1>
        <Trans>The dashboard cannot start</Trans>
      </h1>
      <p>{error.summary ? i18n._(error.summary) : error.message}.</p>
      <ul>
        {error.problems.map((p) => (
          <li key={p}>
            <code>{p}</code>
          </li>
        ))}
      </ul>
      {error.hint && <p>{i18n._(error.hint)}</p>}
      <p>
        <Trans>
          Fix <code>config.json</code> next to <code>index.html</code> (see the README, “Configuration”) and reload.
        </Trans>
      </p>
      <button type="button" onClick={() => window.location.reload()}>
        <Trans>Reload</Trans>
      </button>
    </main>
  );
}

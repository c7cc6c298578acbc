import { NotConfiguredError, type ConfigError } from '../config/runtime-config';

const BASE_MEANING: Record<string, string> = {
  apiBaseUrl: 'the data service (seismic and imagery)',
  legacyBaseUrl: 'the legacy v1 imagery host',
  platformBaseUrl: 'the platform API (the activity log)',
};

/**
 * The build as `npm run build` ships it: config.json names no service. Said on the whole screen, so
 * that a build hosted as it is shows neither made-up data nor an empty dashboard that looks broken.
 */
function NotConfiguredScreen({ error }: { error: NotConfiguredError }) {
  const file = `${window.location.origin}${import.meta.env.BASE_URL}config.json`;
  return (
    <main className="config-error" role="alert" aria-labelledby="not-configured-title">
      <h1 id="not-configured-title">This build is pointed at nothing</h1>
      <p>
        Its <code>config.json</code> ({file}) names no data service, so there is nothing to show. Edit{' '}
        <code>config.json</code> next to <code>index.html</code> on the server and set:
      </p>
      <ul>
        {error.problems.map((key) => (
          <li key={key}>
            <code>{key}</code>: {BASE_MEANING[key] ?? 'a host'}
          </li>
        ))}
      </ul>
      <p>
        <code>config.example.json</code> beside it is a complete example, and the project's <code>docs/deploy.md</code>{' '}
        explains every key. For the built-in demo data instead, set <code>&quot;mock&quot;: true</code>.
      </p>
      <button type="button" onClick={() => window.location.reload()}>
        Reload
      </button>
    </main>
  );
}

/** Shown instead of the app when config.json is missing or invalid: names every bad field. */
export function ConfigErrorScreen({ error }: { error: ConfigError }) {
  if (error instanceof NotConfiguredError) return <NotConfiguredScreen error={error} />;
  return (
    <main className="config-error" role="alert">
      <h1>The dashboard cannot start</h1>
      <p>{error.message}.</p>
      <ul>
        {error.problems.map((p) => (
          <li key={p}>
            <code>{p}</code>
          </li>
        ))}
      </ul>
      <p>
        Fix <code>config.json</code> next to <code>index.html</code> (see the README, “Configuration”) and reload.
      </p>
      <button type="button" onClick={() => window.location.reload()}>
        Reload
      </button>
    </main>
  );
}

import type { ConfigError } from '../config/runtime-config';

/** Shown instead of the app when config.json is missing or invalid: names every bad field. */
export function ConfigErrorScreen({ error }: { error: ConfigError }) {
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

import { useQuery } from '@tanstack/react-query';
import { getRuntimeConfig } from '../../config/runtime-config';
import { serviceQueries } from '../../api/service';
import { CAMERA_SITES, siteTimeZone, VOLCANOES, volcanoTimeZone } from '../../domain/volcanoes';
import { formatUtcLabel } from '../../domain/time';
import { formatLocalLabel } from '../../domain/zoned-time';
import { useTheme, useThemeActions } from '../../stores/theme-store';
import { BudgetTable } from './budget-table';
import { ObservatoryProxySection, ServiceHostsSource } from './observatory-proxy-section';
import { RsamCacheSection } from './rsam-cache-section';
import { ServiceAnswerView } from './service-answer';

/** A budget as the table shows it; none (behind the observatory proxy) is the proxy's to keep. */

/** Read-only view of the deployment's configuration, service health and time zones. */
export function Component() {
  const config = getRuntimeConfig();
  const theme = useTheme();
  const { themeChosen } = useThemeActions();
  const health = useQuery(serviceQueries.health());
  const info = useQuery(serviceQueries.root());
  const now = Date.now();
  return (
    <section className="page settings">
      <h1>Settings</h1>

      <h2>Display</h2>
      <fieldset>
        <legend>Theme</legend>
        {(['dark', 'light'] as const).map((t) => (
          <label key={t}>
            <input type="radio" name="theme" value={t} checked={theme === t} onChange={() => themeChosen(t)} />
            {t === 'dark' ? 'Dark (wall displays, control rooms)' : 'Light'}
          </label>
        ))}
      </fieldset>

      <h2>Service</h2>
      <dl className="kv">
        <dt>Main service</dt>
        <dd>
          <code>{config.apiBaseUrl}</code>
        </dd>
        <dt>Legacy v1 host</dt>
        <dd>
          <code>{config.legacyBaseUrl}</code>
        </dd>
        <dt>Platform API</dt>
        <dd>
          <code>{config.platformBaseUrl}</code>
        </dd>
        <dt>Data</dt>
        <dd>{config.mock ? 'Built-in demo data (mock: true in config.json)' : 'Live service'}</dd>
      </dl>
      <ServiceAnswerView title="Health" path="/health" query={health} />
      <ServiceAnswerView title="Service root" path="/" query={info} />
      <ServiceHostsSource behindProxy={!!config.observatoryProxy} />

      <h2>Rate budgets applied by this app</h2>
      <p className="muted">
        Per client and endpoint, as the service documents them, or as granted in <code>config.json</code> (
        <code>rateLimits</code>). Every tab of this browser draws on the same budget, as the service counts per client
        address; requests beyond it wait in a queue and are never sent to be refused.
        {config.observatoryProxy &&
          ' Behind the observatory proxy, this browser keeps no budget for requests to it: the proxy keeps one for everyone (below).'}
      </p>
      <BudgetTable config={config} />

      {config.observatoryProxy && <ObservatoryProxySection statusUrl={config.observatoryProxy.statusUrl} />}

      <RsamCacheSection />

      <h2>Time zones</h2>
      <p className="muted">
        Site-local times use these zones. The service does not name them, so a deployment can override any site in{' '}
        <code>config.json</code> (<code>siteTimeZones</code>).
      </p>
      <table>
        <thead>
          <tr>
            <th scope="col">Camera site</th>
            <th scope="col">Volcano</th>
            <th scope="col">Zone</th>
            <th scope="col">Local time now</th>
          </tr>
        </thead>
        <tbody>
          {CAMERA_SITES.map((s) => (
            <tr key={s.site}>
              <td>{s.site}</td>
              <td>{VOLCANOES.find((v) => v.vnum === s.vnum)?.name}</td>
              <td>
                <code>{siteTimeZone(s.site)}</code>
              </td>
              <td>{formatLocalLabel(now, siteTimeZone(s.site), false)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <p>
        Now: {formatUtcLabel(now, false)} ·{' '}
        {VOLCANOES.map((v) => `${v.name} ${formatLocalLabel(now, volcanoTimeZone(v.vnum), false)}`).join(' · ')}
      </p>
    </section>
  );
}

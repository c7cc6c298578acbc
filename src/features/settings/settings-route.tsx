import { Trans, useLingui } from '@lingui/react/macro';
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
import { LanguageSwitch } from '../../i18n/language-switch';

/** A budget as the table shows it; none (behind the observatory proxy) is the proxy's to keep. */

/** Read-only view of the deployment's configuration, service health and time zones. */
export function Component() {
  const { t } = useLingui();
  const config = getRuntimeConfig();
  const theme = useTheme();
  const { themeChosen } = useThemeActions();
  const health = useQuery(serviceQueries.health());
  const info = useQuery(serviceQueries.root());
  const now = Date.now();
  return (
    <section className="page settings">
      <h1>{t`Settings`}</h1>

      <h2>{t`Display`}</h2>
      <fieldset>
        <legend>{t`Theme`}</legend>
        {(['dark', 'light'] as const).map((th) => (
          <label key={th}>
            <input type="radio" name="theme" value={th} checked={theme === th} onChange={() => themeChosen(th)} />
            {th === 'dark' ? t`Dark (wall displays, control rooms)` : t`Light`}
          </label>
        ))}
      </fieldset>
      <p>
        <LanguageSwitch id="settings-language" />
      </p>
      <p className="muted">
        {t`The language is remembered in this browser; a link with lang=es or lang=en (the wall’s too) opens in that language.`}
      </p>

      <h2>{t`Service`}</h2>
      <dl className="kv">
        <dt>{t`Main service`}</dt>
        <dd>
          <code translate="no">{config.apiBaseUrl}</code>
        </dd>
        <dt>{t`Legacy v1 host`}</dt>
        <dd>
          <code translate="no">{config.legacyBaseUrl}</code>
        </dd>
        <dt>{t`Platform API`}</dt>
        <dd>
          <code translate="no">{config.platformBaseUrl}</code>
        </dd>
        <dt>{t`Data`}</dt>
        <dd>{config.mock ? t`Built-in demo data (mock: true in config.json)` : t`Live service`}</dd>
      </dl>
      <ServiceAnswerView title={t`Health`} path="/health" query={health} />
      <ServiceAnswerView title={t`Service root`} path="/" query={info} />
      <ServiceHostsSource behindProxy={!!config.observatoryProxy} />

      <h2>{t`Rate budgets applied by this app`}</h2>
      <p className="muted">
        <Trans>
          Per client and endpoint, as the service documents them, or as granted in <code>config.json</code> (
          <code>rateLimits</code>). Every tab of this browser draws on the same budget, as the service counts per client
          address; requests beyond it wait in a queue and are never sent to be refused.
        </Trans>
        {config.observatoryProxy &&
          ' ' +
            t`Behind the observatory proxy, this browser keeps no budget for requests to it: the proxy keeps one for everyone (below).`}
      </p>
      <BudgetTable config={config} />

      {config.observatoryProxy && <ObservatoryProxySection statusUrl={config.observatoryProxy.statusUrl} />}

      <RsamCacheSection />

      <h2>{t`Time zones`}</h2>
      <p className="muted">
        <Trans>
          Site-local times use these zones. The service does not name them, so a deployment can override any site in{' '}
          <code>config.json</code> (<code>siteTimeZones</code>).
        </Trans>
      </p>
      <table>
        <thead>
          <tr>
            <th scope="col">{t`Camera site`}</th>
            <th scope="col">{t`Volcano`}</th>
            <th scope="col">{t`Zone`}</th>
            <th scope="col">{t`Local time now`}</th>
          </tr>
        </thead>
        <tbody>
          {CAMERA_SITES.map((s) => (
            <tr key={s.site}>
              <td>{s.site}</td>
              <td>{VOLCANOES.find((v) => v.vnum === s.vnum)?.name}</td>
              <td>
                <code translate="no">{siteTimeZone(s.site)}</code>
              </td>
              <td>{formatLocalLabel(now, siteTimeZone(s.site), false)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <p>
        {t`Now: ${formatUtcLabel(now, false)}`} ·{' '}
        {VOLCANOES.map((v) => `${v.name} ${formatLocalLabel(now, volcanoTimeZone(v.vnum), false)}`).join(' · ')}
      </p>
    </section>
  );
}

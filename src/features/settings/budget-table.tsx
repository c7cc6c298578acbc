/**
 * The rate budgets this app keeps, per endpoint: the documented figure (spec 01 §8), or one the
 * operator granted in config.json, said as the operator's with the documented figure beside it.
 */
import { t } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { budgetFor, configEndpointName, ENDPOINT_BUDGETS, ENDPOINT_LABELS, hostFor } from '../../api/endpoints';
import { shownEndpoint } from '../../api/http/errors';
import { DOCUMENTED_RATE_LIMITS, grantsBeyondDocumented } from '../../config/rate-grants';
import type { RuntimeConfig } from '../../config/runtime-config';
import { formatNumber } from '../../domain/format-number';

type Key = keyof typeof ENDPOINT_BUDGETS;

/** How a budget came to be, in words: documented, the app's own, or the operator's. */
export function budgetSource(granted: number, documented: number | null, own: number): string {
  if (documented === null)
    return granted === own ? t`this app’s own limit; none is documented` : t`set by the operator; none is documented`;
  if (granted === documented) return t`documented`;
  const doc = formatNumber(documented);
  return granted > documented
    ? t`granted by the operator; documented: ${doc}`
    : t`lowered by the operator; documented: ${doc}`;
}

export function BudgetTable({ config }: { config: RuntimeConfig }) {
  const { t } = useLingui();
  const beyond = grantsBeyondDocumented(config.rateLimits);
  return (
    <>
      {beyond.length > 0 && (
        <p className="notice" role="note">
          <Trans>
            <code>config.json</code> grants budgets above the documented ones:
          </Trans>{' '}
          {beyond
            .map((g) => {
              const { endpoint } = g;
              const host = g.host === '*' ? t`every host` : g.host;
              const granted = formatNumber(g.granted);
              const documented = g.documented === null ? t`none` : formatNumber(g.documented);
              return t`${endpoint} on ${host}: ${granted} a minute (documented: ${documented})`;
            })
            .join('; ')}
          . {t`Only the service’s operator can grant more; if it has not, the service answers 429 and the app waits.`}
        </p>
      )}
      <table>
        <thead>
          <tr>
            <th scope="col">{t`Endpoint`}</th>
            <th scope="col">{t`Host`}</th>
            <th scope="col">{t`Requests a minute`}</th>
            <th scope="col">{t`Source`}</th>
          </tr>
        </thead>
        <tbody>
          {(Object.keys(ENDPOINT_BUDGETS) as Key[]).map((k) => {
            const limit = budgetFor(k, config)?.limit ?? ENDPOINT_BUDGETS[k].limit;
            const documented = DOCUMENTED_RATE_LIMITS[configEndpointName(k)];
            // Behind the observatory proxy this browser keeps no budget for it: the proxy keeps one for all.
            const proxied = !Number.isFinite(limit);
            const doc = documented === null ? t`none` : formatNumber(documented);
            const source = proxied
              ? t`the observatory proxy’s shared budget; documented: ${doc}`
              : budgetSource(limit, documented, ENDPOINT_BUDGETS[k].limit);
            const granted = !proxied && documented !== null && limit > documented;
            return (
              <tr key={k}>
                <td>
                  {/* A path is code, as the service names it; the one without a path is named in words. */}
                  {ENDPOINT_LABELS[k].startsWith('/') ? (
                    <code translate="no">{ENDPOINT_LABELS[k]}</code>
                  ) : (
                    shownEndpoint(ENDPOINT_LABELS[k])
                  )}
                </td>
                <td>
                  <code translate="no">{hostFor(k, config)}</code>
                </td>
                <td>{proxied ? t`kept by the observatory proxy` : formatNumber(limit)}</td>
                <td className={granted ? 'budget--granted' : undefined}>{source}</td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </>
  );
}

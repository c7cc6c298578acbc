/**
 * The rate budgets this app keeps, per endpoint: the documented figure (spec 01 §8), or one the
 * operator granted in config.json, said as the operator's with the documented figure beside it.
 */
import { budgetFor, configEndpointName, ENDPOINT_BUDGETS, ENDPOINT_LABELS, hostFor } from '../../api/endpoints';
import { DOCUMENTED_RATE_LIMITS, grantsBeyondDocumented } from '../../config/rate-grants';
import type { RuntimeConfig } from '../../config/runtime-config';
import { formatNumber } from '../../domain/format-number';

type Key = keyof typeof ENDPOINT_BUDGETS;

/** How a budget came to be, in words: documented, the app's own, or the operator's. */
export function budgetSource(granted: number, documented: number | null, own: number): string {
  if (documented === null)
    return granted === own ? 'this app’s own limit; none is documented' : 'set by the operator; none is documented';
  if (granted === documented) return 'documented';
  return `${granted > documented ? 'granted' : 'lowered'} by the operator; documented: ${formatNumber(documented)}`;
}

export function BudgetTable({ config }: { config: RuntimeConfig }) {
  const beyond = grantsBeyondDocumented(config.rateLimits);
  return (
    <>
      {beyond.length > 0 && (
        <p className="notice" role="note">
          <code>config.json</code> grants budgets above the documented ones:{' '}
          {beyond
            .map(
              (g) =>
                `${g.endpoint} on ${g.host === '*' ? 'every host' : g.host}: ${formatNumber(g.granted)} a minute (documented: ${g.documented === null ? 'none' : formatNumber(g.documented)})`,
            )
            .join('; ')}
          . Only the service’s operator can grant more; if it has not, the service answers 429 and the app waits.
        </p>
      )}
      <table>
        <thead>
          <tr>
            <th scope="col">Endpoint</th>
            <th scope="col">Host</th>
            <th scope="col">Requests a minute</th>
            <th scope="col">Source</th>
          </tr>
        </thead>
        <tbody>
          {(Object.keys(ENDPOINT_BUDGETS) as Key[]).map((k) => {
            const limit = budgetFor(k, config)?.limit ?? ENDPOINT_BUDGETS[k].limit;
            const documented = DOCUMENTED_RATE_LIMITS[configEndpointName(k)];
            // Behind the observatory proxy this browser keeps no budget for it: the proxy keeps one for all.
            const proxied = !Number.isFinite(limit);
            const source = proxied
              ? `the observatory proxy’s shared budget; documented: ${documented === null ? 'none' : formatNumber(documented)}`
              : budgetSource(limit, documented, ENDPOINT_BUDGETS[k].limit);
            return (
              <tr key={k}>
                <td>
                  <code>{ENDPOINT_LABELS[k]}</code>
                </td>
                <td>
                  <code>{hostFor(k, config)}</code>
                </td>
                <td>{proxied ? 'kept by the observatory proxy' : formatNumber(limit)}</td>
                <td className={source.startsWith('granted') ? 'budget--granted' : undefined}>{source}</td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </>
  );
}

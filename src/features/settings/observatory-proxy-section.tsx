import { t } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { observatoryQueries, type ProxyStatus } from '../../api/observatory-proxy';
import { formatUtcLabel } from '../../domain/time';
import { ErrorPanel } from '../../ui/error-panel';
import { formatCacheSize } from './rsam-cache-section';

const POLL_MS = 5_000;

/** The proxy's lanes without a path of their own, in words. */
function laneName(name: string): string {
  if (name === 'legacy') return t`legacy imagery v1 (JSON)`;
  if (name === 'other') return t`other paths of the main service`;
  return name;
}

function CacheState({ cache }: { cache: ProxyStatus['cache'] }) {
  const { t } = useLingui();
  const a = cache.answers;
  const fromCache = (a.hit ?? 0) + (a.stale ?? 0) + (a.updating ?? 0);
  const asked = fromCache + (a.miss ?? 0) + (a.expired ?? 0) + (a.bypass ?? 0) + (a.revalidated ?? 0);
  return (
    <dl className="kv" aria-label={t`Proxy cache`}>
      <dt>{t`Cache on disk`}</dt>
      <dd data-testid="proxy-cache-size">
        {t`${cache.usedBytes === null ? t`not measured yet` : formatCacheSize(cache.usedBytes)} of at most ${formatCacheSize(cache.maxBytes)}`}
        {cache.measuredAt !== null && ' ' + t`(measured ${formatUtcLabel(cache.measuredAt)})`}
      </dd>
      <dt>{t`Answered from the cache`}</dt>
      <dd data-testid="proxy-cache-hits">
        {asked
          ? t`${fromCache} of ${asked} answers (${Math.round((fromCache / asked) * 100)} %)`
          : t`nothing asked yet`}
        , {t`${formatCacheSize(cache.hitBytes)} not fetched from the service`}
      </dd>
    </dl>
  );
}

function BudgetTable({ status }: { status: ProxyStatus }) {
  const { t } = useLingui();
  return (
    <table aria-label={t`Shared rate budget of the observatory proxy`}>
      <thead>
        <tr>
          <th scope="col">{t`Endpoint`}</th>
          <th scope="col">{t`Requests a minute`}</th>
          <th scope="col">{t`Sent this minute`}</th>
          <th scope="col">{t`Waiting now`}</th>
          <th scope="col">{t`Sent since start`}</th>
          <th scope="col">{t`Refused: queue full`}</th>
          <th scope="col">{t`Refused by the service`}</th>
        </tr>
      </thead>
      <tbody>
        {status.endpoints.map((e) => (
          <tr key={e.name}>
            <td>
              <code>{laneName(e.name)}</code>
            </td>
            <td>{e.limit}</td>
            <td>{e.sentThisMinute}</td>
            <td>
              {e.waiting}
              {e.waiting > 0 && e.nextAt !== null && ' ' + t`(next at ${formatUtcLabel(e.nextAt)})`}
            </td>
            <td>{e.sentTotal}</td>
            <td>{e.refusedQueueFull}</td>
            <td>
              {e.refusedByService}
              {e.heldUntil !== null && ' ' + t`(held until ${formatUtcLabel(e.heldUntil)})`}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/**
 * Where the settings' three hosts come from. Behind the observatory proxy, its config.json is one the
 * proxy writes, with the hosts pointed at its own paths: a host changed in the deployment's file has
 * no effect there, so the note names where the proxy's operator sets them instead.
 */
export function ServiceHostsSource({ behindProxy }: { behindProxy: boolean }) {
  if (!behindProxy)
    return (
      <p className="muted">
        <Trans>
          These come from <code>config.json</code> beside <code>index.html</code>; change them there (see the README).
        </Trans>
      </p>
    );
  return (
    <p className="muted">
      <Trans>
        These are the observatory proxy’s own paths: it sends them on to the service’s three hosts it was started with (
        <code>deploy/observatory/run</code> <code>--main</code>, <code>--legacy</code>, <code>--platform</code>), and
        writes them into the <code>config.json</code> it serves. To change a host, the proxy’s operator restarts it with
        another; a host in the deployment’s <code>config.json</code> has no effect behind the proxy.
      </Trans>
    </p>
  );
}

/**
 * Behind the observatory proxy (config.json `observatoryProxy`): what it keeps and how it spends the
 * service's budget for everyone behind it, from its status endpoint, every 5 s while shown.
 */
export function ObservatoryProxySection({ statusUrl }: { statusUrl: string }) {
  const { t } = useLingui();
  const status = useQuery(observatoryQueries.status(statusUrl, POLL_MS));
  return (
    <section aria-labelledby="observatory-proxy">
      <h2 id="observatory-proxy">{t`Observatory proxy`}</h2>
      <p>
        {t`This app is behind the observatory proxy: everyone here shares its cache and one rate budget with the service. What cannot change (RSAM of days before the last week, image files, past spans) is answered from the cache; today’s data for at most a minute. Requests the service’s budget cannot take this minute wait in the proxy’s queue for the next, in order, instead of being refused; this browser keeps no budget of its own for them.`}
      </p>
      {status.isPending && <p aria-live="polite">{t`asking the proxy…`}</p>}
      {status.isError && (
        <ErrorPanel error={status.error} onRetry={() => void status.refetch()} context={t`Observatory proxy status`} />
      )}
      {status.data && (
        <>
          <p className="muted" aria-live="polite">
            {t`Running since ${formatUtcLabel(status.data.startedAt)}; read ${formatUtcLabel(status.data.receivedAt)}. The service counts whole minutes: the proxy keeps ${status.data.windowMarginSeconds} s clear around each, and queues at most ${status.data.queueMinutes} minutes ahead before answering “try again later”.`}
          </p>
          <CacheState cache={status.data.cache} />
          <BudgetTable status={status.data} />
        </>
      )}
    </section>
  );
}

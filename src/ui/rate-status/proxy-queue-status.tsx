import { plural, t } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { useEffect, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { observatoryQueries, type ProxyStatus } from '../../api/observatory-proxy';
import { formatUtcLabel } from '../../domain/time';

/** A request still unanswered after this long may be in the proxy's queue: ask the proxy then. */
const ASK_AFTER_MS = 1_000;
const POLL_MS = 2_000;

type Lane = ProxyStatus['endpoints'][number];

/** One line per endpoint with requests of this computer in the proxy's queue. */
export function describeProxyWait(e: Lane, now: number): string {
  const { waiting, waitingFromYou, limit } = e;
  const mine = plural(waitingFromYou, {
    one: '# request from this computer waiting',
    other: '# requests from this computer waiting',
  });
  const others = waiting > waitingFromYou ? ' ' + t`(${waiting} in all at the observatory)` : '';
  let next: string;
  if (e.nextAt !== null && e.nextAt > now) {
    const at = formatUtcLabel(e.nextAt);
    const inS = Math.ceil((e.nextAt - now) / 1000);
    next = t`next at ${at}, in ${inS} s`;
  } else next = t`sending now`;
  const { name } = e;
  return t`${name}: ${mine}${others}, within the observatory’s shared budget of ${limit} a minute; ${next}`;
}

/**
 * True while some query (not the proxy's status) has been fetching for about `ms`, looked at every
 * half second. (useIsFetching would put a module of its own into the first-paint library chunk.)
 */
function useLongFetch(ms: number): boolean {
  const client = useQueryClient();
  const [long, setLong] = useState(false);
  useEffect(() => {
    let since = 0;
    const t = setInterval(() => {
      const busy = client.isFetching({ predicate: (q) => q.queryKey[0] !== 'observatory' }) > 0;
      since = busy ? since || Date.now() : 0;
      setLong(busy && Date.now() - since >= ms);
    }, 500);
    return () => clearInterval(t);
  }, [client, ms]);
  return long;
}

/** The time now, moving every second while `on`. */
function useNow(on: boolean): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!on) return;
    setNow(Date.now());
    const t = setInterval(() => setNow(Date.now()), 1_000);
    return () => clearInterval(t);
  }, [on]);
  return now;
}

/**
 * Requests of this computer waiting in the observatory proxy's queue for the service's next minute.
 * The browser sees them only as slow answers, so while the page has waited a second for one, it asks
 * the proxy (its status endpoint) every two seconds and says which wait, for what and until when: a
 * wait like the browser's own rate wait, not an error.
 */
export function ProxyQueueStatus({ statusUrl }: { statusUrl: string }) {
  const { t } = useLingui();
  const asking = useLongFetch(ASK_AFTER_MS);
  const status = useQuery({ ...observatoryQueries.status(statusUrl, asking ? POLL_MS : false), enabled: asking });
  const lanes = asking ? (status.data?.endpoints.filter((e) => e.waitingFromYou > 0) ?? []) : [];
  const now = useNow(lanes.length > 0);
  if (!lanes.length) return <div role="status" aria-live="polite" className="rate-status rate-status--idle" />;
  return (
    <div role="status" aria-live="polite" className="rate-status" data-testid="proxy-queue-status">
      <strong>{t`Waiting in the observatory proxy’s queue for the service’s next minute:`}</strong>{' '}
      {lanes.map((e) => (
        <span key={e.name} className="rate-status__lane">
          {describeProxyWait(e, now)}.{' '}
        </span>
      ))}
    </div>
  );
}

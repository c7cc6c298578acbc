/** The status bar's line per endpoint that waits: what waits, why, and until when (UTC). */
import { plural, t } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { ENDPOINT_LABELS, type EndpointKey } from '../../api/endpoints';
import { shownEndpoint } from '../../api/http/errors';
import type { EndpointStatus } from '../../api/rate/limiter-snapshot';
import { formatNumber } from '../../domain/format-number';
import { formatUtcLabel } from '../../domain/time';
import { useLimiterSnapshot } from './use-endpoint-wait';

/** Why a request waits, in words. */
export function whyWaiting(reason: NonNullable<EndpointStatus['reason']>): string {
  switch (reason) {
    case 'budget':
      return t`within this browser’s rate budget`;
    case 'rate-limited':
      return t`the service refused (429) until its window resets`;
    case 'backoff':
      return t`backing off after the service failed to answer`;
  }
}

const DAY_S = 86_400;

/** A wait a service asked for, in seconds and, when long, in days or years ("about 3.2 years"). */
export function askedWords(ms: number): string {
  if (!Number.isFinite(ms)) return t`forever`;
  const s = Math.ceil(ms / 1000);
  const seconds = formatNumber(s);
  if (s >= 365 * DAY_S) {
    const years = formatNumber(Math.round((s / (365.25 * DAY_S)) * 10) / 10);
    return t`${seconds} s, about ${years} years`;
  }
  if (s >= 2 * DAY_S) {
    const days = formatNumber(Math.round(s / DAY_S));
    return t`${seconds} s, about ${days} days`;
  }
  if (s >= 7_200) {
    const hours = formatNumber(Math.round(s / 3_600));
    return t`${seconds} s, about ${hours} hours`;
  }
  return `${seconds} s`;
}

/** One line per waiting endpoint: what waits, why, and until when (UTC) with a live countdown. */
export function describeWait(e: EndpointStatus, now: number): string {
  const path = ENDPOINT_LABELS[e.key as EndpointKey] as string | undefined;
  const label = path === undefined ? e.key : shownEndpoint(path);
  const reason = e.reason ? whyWaiting(e.reason) : t`queued`;
  let next: string;
  if (e.untilMs && e.untilMs > now) {
    const at = formatUtcLabel(e.untilMs);
    const inS = Math.ceil((e.untilMs - now) / 1000);
    next = t`next at ${at}, in ${inS} s`;
  } else next = t`sending now`;
  // The wait shown is the one kept: what the service asked for beyond its window is said beside it.
  const askedFor = e.askedMs !== null ? askedWords(e.askedMs) : null;
  const asked = askedFor
    ? ' ' +
      t`(the service asked to wait ${askedFor}; its limits reset within its documented window, so the wait is cut to that)`
    : '';
  const { used: count, limit } = e;
  const used = Number.isFinite(limit) ? ' ' + t`(${count}/${limit} used this minute)` : '';
  const { queued, retrying } = e;
  const waiting = retrying
    ? plural(queued, {
        one: `# request waiting, ${retrying} of them retrying`,
        other: `# requests waiting, ${retrying} of them retrying`,
      })
    : plural(queued, { one: '# request waiting', other: '# requests waiting' });
  // One message for the line; the two asides are whole sentences of their own, added when they apply.
  return t`${label}: ${waiting}, ${reason}; ${next}` + asked + used;
}

/**
 * Appears when any request waits for the rate budget, a 429 or a backoff. The limiter publishes a
 * new snapshot every second while anything waits, so the countdown moves by itself.
 */
export function LimiterStatus({ describe = describeWait }: { describe?: typeof describeWait }) {
  const { t } = useLingui();
  const snap = useLimiterSnapshot();
  if (!snap.queued) return <div role="status" aria-live="polite" className="rate-status rate-status--idle" />;
  const now = Date.now();
  const waiting = snap.endpoints.filter((e) => e.queued > 0);
  return (
    <div role="status" aria-live="polite" className="rate-status" data-testid="rate-status">
      <strong>
        {snap.retrying ? t`Retrying, waiting for the service:` : t`Waiting for the service’s rate limit:`}
      </strong>{' '}
      {waiting.map((e) => (
        <span key={e.key} className="rate-status__lane">
          {describe(e, now)}.{' '}
        </span>
      ))}
    </div>
  );
}

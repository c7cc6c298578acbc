/** The status bar's line per endpoint that waits: what waits, why, and until when (UTC). */
import { ENDPOINT_LABELS, type EndpointKey } from '../../api/endpoints';
import type { EndpointStatus } from '../../api/rate/limiter-snapshot';
import { formatNumber } from '../../domain/format-number';
import { formatUtcLabel } from '../../domain/time';
import { useLimiterSnapshot } from './use-endpoint-wait';

const plural = (n: number) => `${n} request${n === 1 ? '' : 's'}`;

export const WHY: Record<NonNullable<EndpointStatus['reason']>, string> = {
  budget: 'within this browser’s rate budget',
  'rate-limited': 'the service refused (429) until its window resets',
  backoff: 'backing off after the service failed to answer',
};

const DAY_S = 86_400;

/** A wait a service asked for, in seconds and, when long, in days or years ("about 3.2 years"). */
export function askedWords(ms: number): string {
  if (!Number.isFinite(ms)) return 'forever';
  const s = Math.ceil(ms / 1000);
  const about =
    s >= 365 * DAY_S
      ? `, about ${formatNumber(Math.round((s / (365.25 * DAY_S)) * 10) / 10)} years`
      : s >= 2 * DAY_S
        ? `, about ${formatNumber(Math.round(s / DAY_S))} days`
        : s >= 7_200
          ? `, about ${formatNumber(Math.round(s / 3_600))} hours`
          : '';
  return `${formatNumber(s)} s${about}`;
}

/** One line per waiting endpoint: what waits, why, and until when (UTC) with a live countdown. */
export function describeWait(e: EndpointStatus, now: number): string {
  const label = ENDPOINT_LABELS[e.key as EndpointKey] ?? e.key;
  const reason = e.reason ? WHY[e.reason] : 'queued';
  const until =
    e.untilMs && e.untilMs > now
      ? `; next at ${formatUtcLabel(e.untilMs)}, in ${Math.ceil((e.untilMs - now) / 1000)} s`
      : '; sending now';
  // The wait shown is the one kept: what the service asked for beyond its window is said beside it.
  const asked =
    e.askedMs !== null
      ? ` (the service asked to wait ${askedWords(e.askedMs)}; its limits reset within its documented window, so the wait is cut to that)`
      : '';
  const used = Number.isFinite(e.limit) ? ` (${e.used}/${e.limit} used this minute)` : '';
  const retries = e.retrying ? `, ${e.retrying} of them retrying` : '';
  return `${label}: ${plural(e.queued)} waiting${retries}, ${reason}${until}${asked}${used}`;
}

/**
 * Appears when any request waits for the rate budget, a 429 or a backoff. The limiter publishes a
 * new snapshot every second while anything waits, so the countdown moves by itself.
 */
export function LimiterStatus({ describe = describeWait }: { describe?: typeof describeWait }) {
  const snap = useLimiterSnapshot();
  if (!snap.queued) return <div role="status" aria-live="polite" className="rate-status rate-status--idle" />;
  const now = Date.now();
  const waiting = snap.endpoints.filter((e) => e.queued > 0);
  return (
    <div role="status" aria-live="polite" className="rate-status" data-testid="rate-status">
      <strong>{snap.retrying ? 'Retrying, waiting for the service:' : 'Waiting for the service’s rate limit:'}</strong>{' '}
      {waiting.map((e) => (
        <span key={e.key} className="rate-status__lane">
          {describe(e, now)}.{' '}
        </span>
      ))}
    </div>
  );
}

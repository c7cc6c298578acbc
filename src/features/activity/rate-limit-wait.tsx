import { useEffect, useState } from 'react';
import type { RateLimitInfo } from '../../api/platform';
import { formatNumber } from '../../domain/format-number';

/** The 429 headers of spec 03 §7, in words. */
export function RateLimitDetails({ info }: { info: RateLimitInfo }) {
  const period = info.period === 'HOUR' ? 'hour' : info.period === 'MINUTE' ? 'minute' : info.period;
  // The period a wait is cut to (src/api/rate/wait-ceiling.ts): an hour unless it names a minute.
  const cutTo = period === 'minute' ? 'minute' : 'hour';
  return (
    <dl className="activity-ratelimit">
      <dt>Requests made</dt>
      <dd>
        {info.requestsMade ?? 'not stated'}
        {period ? ` this ${period}` : ''}
      </dd>
      <dt>Requests allowed</dt>
      <dd>
        {info.requestsAllowed ?? 'not stated'}
        {period ? ` per ${period}` : ''}
      </dd>
      <dt>Period (ot-period)</dt>
      <dd>{info.period ?? 'not stated'}</dd>
      <dt>Retry-After</dt>
      <dd>{info.statedSeconds !== undefined ? `${formatNumber(info.statedSeconds)} s` : 'not stated'}</dd>
      <dt>Waiting</dt>
      <dd>
        {info.retryAfterSeconds !== undefined ? `${formatNumber(info.retryAfterSeconds)} s` : 'a minute'}
        {info.askedSeconds !== undefined
          ? ` (the platform asked for ${formatNumber(info.askedSeconds)} s; its limit applies per ${cutTo}${period === 'minute' || period === 'hour' ? '' : ' at most'}, so the wait is cut to that)`
          : info.statedSeconds === undefined && " (no Retry-After: until the platform's next window)"}
      </dd>
      {info.eventId && (
        <>
          <dt>Event id</dt>
          <dd>
            <code>{info.eventId}</code>
          </dd>
        </>
      )}
    </dl>
  );
}

/** Shown while a 429 is waited out before the automatic retry; counts down from Retry-After. */
export function RateLimitWait({
  info,
  since,
  attempt,
  maxAttempts,
}: {
  info: RateLimitInfo;
  since: number;
  attempt: number;
  maxAttempts: number;
}) {
  const total = (info.retryAfterSeconds ?? 60) * 1000;
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const t = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(t);
  }, []);
  const left = Math.max(0, Math.ceil((since + total - now) / 1000));
  return (
    <div className="notice activity-wait" role="status" aria-live="polite">
      <p>
        <strong>The platform is limiting requests (429 Too Many Requests).</strong>{' '}
        {/* Announced once with the notice, not again each second as it counts down. */}
        <span aria-live="off">
          {left > 0 ? `Trying again automatically in ${left} s` : 'Trying again now'} (retry {attempt} of {maxAttempts}
          ).
        </span>
      </p>
      <RateLimitDetails info={info} />
    </div>
  );
}

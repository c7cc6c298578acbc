import { t } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect, useState } from 'react';
import type { RateLimitInfo } from '../../api/platform';
import { formatNumber } from '../../domain/format-number';

/** The 429 headers of spec 03 §7, in words. */
/** `4 this minute`, `3 per hour`: the count as sent, the period ot-period names (its own word if another). */
function perPeriod(count: number | string, period: string | undefined, kind: 'this' | 'per'): string {
  const n = count;
  if (period === 'HOUR') return kind === 'this' ? t`${n} this hour` : t`${n} per hour`;
  if (period === 'MINUTE') return kind === 'this' ? t`${n} this minute` : t`${n} per minute`;
  if (period) return kind === 'this' ? t`${n} this ${period}` : t`${n} per ${period}`;
  return String(count);
}

/** Why the wait is shorter than asked: the limiter cuts it to the period (src/api/rate/wait-ceiling.ts). */
function cutWords(asked: string, period: string | undefined): string {
  if (period === 'MINUTE')
    return t`(the platform asked for ${asked} s; its limit applies per minute, so the wait is cut to that)`;
  if (period === 'HOUR')
    return t`(the platform asked for ${asked} s; its limit applies per hour, so the wait is cut to that)`;
  return t`(the platform asked for ${asked} s; its limit applies per hour at most, so the wait is cut to that)`;
}

export function RateLimitDetails({ info }: { info: RateLimitInfo }) {
  const { t } = useLingui();
  const notStated = t`not stated`;
  return (
    <dl className="activity-ratelimit">
      <dt>
        <Trans>Requests made</Trans>
      </dt>
      <dd>{perPeriod(info.requestsMade ?? notStated, info.period, 'this')}</dd>
      <dt>
        <Trans>Requests allowed</Trans>
      </dt>
      <dd>{perPeriod(info.requestsAllowed ?? notStated, info.period, 'per')}</dd>
      <dt>
        <Trans>Period (ot-period)</Trans>
      </dt>
      <dd>{info.period === undefined ? notStated : <span translate="no">{info.period}</span>}</dd>
      {/* The header's name, as HTTP spells it in every language. */}
      <dt translate="no">Retry-After</dt>
      <dd>{info.statedSeconds !== undefined ? `${formatNumber(info.statedSeconds)} s` : notStated}</dd>
      <dt>
        <Trans>Waiting</Trans>
      </dt>
      <dd>
        {info.retryAfterSeconds !== undefined ? `${formatNumber(info.retryAfterSeconds)} s` : t`a minute`}
        {info.askedSeconds !== undefined
          ? ` ${cutWords(formatNumber(info.askedSeconds), info.period)}`
          : info.statedSeconds === undefined && ` ${t`(no Retry-After: until the platform's next window)`}`}
      </dd>
      {info.eventId && (
        <>
          <dt>
            <Trans>Event id</Trans>
          </dt>
          <dd>
            <code translate="no">{info.eventId}</code>
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
  const { t } = useLingui();
  return (
    <div className="notice activity-wait" role="status" aria-live="polite">
      <p>
        <strong>
          <Trans>The platform is limiting requests (429 Too Many Requests).</Trans>
        </strong>{' '}
        {/* Announced once with the notice, not again each second as it counts down. */}
        <span aria-live="off">
          {left > 0
            ? t`Trying again automatically in ${left} s (retry ${attempt} of ${maxAttempts}).`
            : t`Trying again now (retry ${attempt} of ${maxAttempts}).`}
        </span>
      </p>
      <RateLimitDetails info={info} />
    </div>
  );
}

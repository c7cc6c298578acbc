import { t } from '@lingui/core/macro';
import { hostFor } from '../../api/endpoints';
import type { EndpointStatus } from '../../api/rate/limiter-snapshot';
import { ProxyQueueStatus } from './proxy-queue-status';
import { describeWait, LimiterStatus, whyWaiting } from './limiter-status';

/** A browser wait's line, the proxy's 429 said to be the proxy's for endpoints it fronts. */
export function describeProxiedWait(e: EndpointStatus, now: number): string {
  const line = describeWait(e, now);
  const proxied = typeof location !== 'undefined' && hostFor(e.key) === location.host;
  // Behind the observatory proxy every 429 comes from it: its queue was full for the minutes it holds.
  return e.reason === 'rate-limited' && proxied
    ? line.replace(whyWaiting('rate-limited'), t`the observatory proxy’s queue was full (429) until the time it named`)
    : line;
}

/** The status bar behind the observatory proxy: the browser's own waits, then the proxy's queue. */
export default function ProxiedRateStatus({ statusUrl }: { statusUrl: string }) {
  return (
    <>
      <LimiterStatus describe={describeProxiedWait} />
      <ProxyQueueStatus statusUrl={statusUrl} />
    </>
  );
}

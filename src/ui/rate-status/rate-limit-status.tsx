/** The status bar: this browser's waits, and behind the observatory proxy its queue too. */
import { lazy, Suspense } from 'react';
import { getRuntimeConfig } from '../../config/runtime-config';
import { LimiterStatus } from './limiter-status';

// Behind the observatory proxy (docs/deploy.md), its queue too: loaded only there.
const ProxiedStatus = lazy(() => import('./proxied-rate-status'));

export function RateLimitStatus() {
  const proxy = getRuntimeConfig().observatoryProxy;
  return proxy ? (
    <Suspense>
      <ProxiedStatus statusUrl={proxy.statusUrl} />
    </Suspense>
  ) : (
    <LimiterStatus />
  );
}

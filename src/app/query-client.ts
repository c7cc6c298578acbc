import { QueryClient } from '@tanstack/react-query';
import { rateLimiter } from '../api/rate/browser-limiter';
import { refetchOnRecovery, refetchOnRetry } from '../api/http/retry';

/**
 * Retries live in the API layer (src/api/http/retry.ts): a 5xx or a lost connection is
 * shown at once and the query tries again at its endpoint's next probe, so React Query does not
 * retry on top of that.
 */
export function createQueryClient(): QueryClient {
  const client = new QueryClient({
    defaultOptions: {
      queries: { retry: false, refetchOnWindowFocus: false, staleTime: 30_000, refetchInterval: refetchOnRetry() },
      mutations: { retry: false },
    },
  });
  refetchOnRecovery(client, rateLimiter);
  return client;
}

import { QueryClient } from '@tanstack/react-query';

/**
 * Retries live in src/api/http.ts (budget-aware, Retry-After, bounded backoff), so React Query
 * does not retry on top of them.
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: false, refetchOnWindowFocus: false, staleTime: 30_000 },
      mutations: { retry: false },
    },
  });
}

import { QueryClient } from '@tanstack/react-query';
import { isApiError } from '../api/client.ts';
import { QUERY_GC_TIME_MS, QUERY_RETRIES, retryDelayMs } from '../contract.ts';
// The online state starts from navigator.onLine and follows the online/offline events (see online.ts).
import './online.ts';

/**
 * Client errors other than rate limits will not change on a retry: only 5xx and network failures retry, at most
 * QUERY_RETRIES (3, spec §9) times; then the lists show their error with a retry button.
 */
export function shouldRetry(failureCount: number, error: unknown): boolean {
  if (failureCount >= QUERY_RETRIES) return false;
  if (isApiError(error) && error.status >= 400 && error.status < 500 && error.status !== 429) return false;
  return true;
}

export const STALE_TIME_MS = 30_000;

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: shouldRetry, retryDelay: retryDelayMs, gcTime: QUERY_GC_TIME_MS, staleTime: STALE_TIME_MS },
      mutations: { retry: false },
    },
  });
}

export const queryClient = createQueryClient();

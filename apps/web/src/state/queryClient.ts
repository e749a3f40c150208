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

/**
 * The queries an outing pack answers (issue 38; PACK_CALLS, by their query keys): they run once even offline, where
 * the API client answers them from a pack kept on the device; without a pack they then pause like the others.
 */
export const PACK_QUERY_KEYS = [
  ['activity', 'read-info'],
  ['activity', 'list-participants'],
  ['activity', 'safety'],
  ['activity', 'weather'],
  ['attendance', 'pass'],
  ['gear', 'list'],
] as const;

export function createQueryClient(): QueryClient {
  const client = new QueryClient({
    defaultOptions: {
      queries: { retry: shouldRetry, retryDelay: retryDelayMs, gcTime: QUERY_GC_TIME_MS, staleTime: STALE_TIME_MS },
      mutations: { retry: false },
    },
  });
  for (const key of PACK_QUERY_KEYS) client.setQueryDefaults(key, { networkMode: 'offlineFirst' });
  return client;
}

export const queryClient = createQueryClient();

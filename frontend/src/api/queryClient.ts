import { QueryClient } from '@tanstack/react-query';
import { clearOnSignOut } from '@/lib/privateData';
import { readRetryDelay, shouldRetryRead, shouldRetryWrite, WRITE_RETRY_DELAY_MS } from './request';

/** Read defaults of spec section 9: never stale, no refetch on focus, no polling, the retry rules of section 8. */
export function createQueryClient(): QueryClient {
  const client = new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: Infinity,
        refetchOnWindowFocus: false,
        refetchInterval: false,
        retry: shouldRetryRead,
        retryDelay: readRetryDelay,
      },
      mutations: {
        retry: shouldRetryWrite,
        retryDelay: WRITE_RETRY_DELAY_MS,
      },
    },
  });
  // The browser's one cache is emptied when the session ends (privateData.ts); a server render's is its own request's.
  return typeof window === 'undefined' ? client : clearOnSignOut(client);
}

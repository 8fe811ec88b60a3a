import { QueryClient } from '@tanstack/react-query';
import { readRetryDelay, shouldRetryRead, shouldRetryWrite, WRITE_RETRY_DELAY_MS } from './request';

/** Read defaults of spec section 9: never stale, no refetch on focus, no polling, the retry rules of section 8. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
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
}

import { QUERY_STALE_TIME_MS } from '@ecc/contracts';
import { QueryClient } from '@tanstack/react-query';
import { isApiResponseError } from '../api/api-response-error.ts';

/** A failed network round trip is worth one more try; an answer from the server is final. */
const MAX_NETWORK_RETRIES = 1;

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: QUERY_STALE_TIME_MS,
        retry: (failureCount, error) => !isApiResponseError(error) && failureCount < MAX_NETWORK_RETRIES,
        refetchOnWindowFocus: false,
      },
    },
  });
}

import {
  featureFlagEndpoints,
  REQUEST_RELOAD_TTL_MS,
  type EvaluatedFeatureFlagsResponse,
} from '@ecc/contracts';
import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import { callEndpoint } from '../api/call-endpoint.ts';
import { isApiResponseError } from '../api/api-response-error.ts';

export const evaluatedFeatureFlagsQueryKey = ['feature-flags', 'evaluated'] as const;

const NO_FLAGS: EvaluatedFeatureFlagsResponse = { flags: [], canManageDefinitions: false };

/**
 * `GET /api/feature-flags`: every definition of the realm evaluated for the signed-in user. Signed out there
 * are none; that is no reason for the 401 toast, so the call is made as a probe.
 */
export const evaluatedFeatureFlagsQueryOptions = queryOptions({
  queryKey: evaluatedFeatureFlagsQueryKey,
  queryFn: async (): Promise<EvaluatedFeatureFlagsResponse> => {
    try {
      return await callEndpoint(featureFlagEndpoints.evaluated, { isSessionProbe: true });
    } catch (error) {
      if (isApiResponseError(error, 401)) return NO_FLAGS;
      throw error;
    }
  },
  staleTime: REQUEST_RELOAD_TTL_MS,
});

/** The evaluated flags as the guards see them: reused for the request reload TTL, then fetched again. */
export function loadEvaluatedFeatureFlags(queryClient: QueryClient): Promise<EvaluatedFeatureFlagsResponse> {
  return queryClient.fetchQuery(evaluatedFeatureFlagsQueryOptions);
}

export function useEvaluatedFeatureFlags(isEnabled: boolean) {
  return useQuery({ ...evaluatedFeatureFlagsQueryOptions, enabled: isEnabled });
}

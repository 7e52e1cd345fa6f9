import {
  calculationEndpoints,
  calculationFailureSchema,
  type CalculationDryRunRequest,
  type CalculationDryRunResponse,
  type CalculationFailure,
} from '@ecc/contracts';
import { isApiResponseError } from '#lib/api/api-response-error.ts';
import { callEndpoint } from '#lib/api/call-endpoint.ts';

/** A dry run's answer: the value and trace, or the formula's problems at their places (the API's 422). */
export type DryRunOutcome =
  | { readonly isSuccess: true; readonly response: CalculationDryRunResponse }
  | { readonly isSuccess: false; readonly failure: CalculationFailure };

/** Runs a formula once on the server (nothing is stored); other failures (network, 400) throw. */
export async function runDryRun(
  body: CalculationDryRunRequest,
  signal?: AbortSignal,
): Promise<DryRunOutcome> {
  try {
    return { isSuccess: true, response: await callEndpoint(calculationEndpoints.dryRun, { body, signal }) };
  } catch (error) {
    if (isApiResponseError(error, 422)) {
      const failure = calculationFailureSchema.safeParse(error.body);
      if (failure.success) return { isSuccess: false, failure: failure.data };
    }
    throw error;
  }
}

/** The query of a dry run, so a page shows the same result for the same formula and values without asking again. */
export function dryRunQueryOptions(body: CalculationDryRunRequest) {
  return {
    queryKey: ['calculations', 'dry-run', body] as const,
    queryFn: ({ signal }: { signal: AbortSignal }) => runDryRun(body, signal),
    staleTime: Number.POSITIVE_INFINITY,
  };
}

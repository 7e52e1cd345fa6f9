import type { CalculationDryRunRequest, CalculationDryRunResponse, CalculationFailure } from '@ecc/contracts';
import {
  compileFormula,
  type CalculationDatasets,
  type CalculationDiagnostic,
  type CalculationSources,
  type FactorLookup,
  type GwpSetId,
} from '@ecc/domain';

export type DryRunAnswer =
  | { readonly isSuccess: true; readonly response: CalculationDryRunResponse }
  | { readonly isSuccess: false; readonly failure: CalculationFailure };

function errorOf(diagnostic: CalculationDiagnostic) {
  return {
    line: diagnostic.line,
    column: diagnostic.column,
    endLine: diagnostic.endLine,
    endColumn: diagnostic.endColumn,
    message: diagnostic.message,
  };
}

function failure(
  diagnostics: readonly CalculationDiagnostic[],
  trace: CalculationFailure['trace'],
): DryRunAnswer {
  const [first] = diagnostics;
  const count = diagnostics.length;
  return {
    isSuccess: false,
    failure: {
      statusCode: 422,
      error: 'Unprocessable Entity',
      message:
        first === undefined
          ? 'The formula cannot run'
          : `The formula cannot run: line ${first.line}, column ${first.column}: ${first.message}${count > 1 ? ` (and ${count - 1} more)` : ''}`,
      errors: diagnostics.map(errorOf),
      trace,
    },
  };
}

/** What else of the realm a formula reaches: its datasets (LOOKUP) and published calculations (`#name`). */
export interface DryRunResources {
  readonly datasets?: CalculationDatasets;
  readonly calculations?: CalculationSources;
}

/**
 * Compiles and runs a formula once (issue 13, item 1): FACTOR reads the realm's factor library, LOOKUP its
 * datasets (the newest version of each) and `#name` its published calculations, as a save's tests do. Nothing is
 * stored.
 */
export function dryRunCalculation(
  request: CalculationDryRunRequest,
  factors: FactorLookup,
  gwp: GwpSetId,
  resources: DryRunResources = {},
): DryRunAnswer {
  const compiled = compileFormula(request.formula, { gwp, factors, ...resources });
  if (compiled.calculation === undefined) return failure(compiled.errors, []);
  const outcome = compiled.calculation.evaluate(new Map(Object.entries(request.parameters)), { trace: true });
  if (!outcome.isSuccess) return failure(outcome.errors, [...outcome.trace]);
  return {
    isSuccess: true,
    response: {
      value: outcome.value,
      ...(outcome.gases === undefined ? {} : { gases: { ...outcome.gases } }),
      gwp,
      trace: [...outcome.trace],
      errors: [],
    },
  };
}

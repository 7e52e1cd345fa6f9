import { FACTOR_LIBRARY_BY_ID } from '../factor-library.ts';
import { GWP_SET_IDS, isGwpSetId } from '../gwp.ts';
import {
  MAX_ESTIMATE_ITEMS,
  type CalculationOptions,
  type EstimateOutcome,
  type EstimateRequest,
  type ItemError,
} from './calculation-types.ts';
import { calculatorFor } from './item-calculator.ts';

function invalidItemsMessage(invalidCount: number, total: number): string {
  const verb = invalidCount === 1 ? 'is' : 'are';
  return `Nothing was calculated: ${invalidCount} of ${total} items ${verb} invalid`;
}

/**
 * The estimate API's engine: all items are checked and every problem is reported with its item id and path;
 * only when none is bad are results returned. Each item is computed in the same pass it is checked in, and
 * computing stops at the first bad item.
 */
export function estimate(request: EstimateRequest, options: CalculationOptions = {}): EstimateOutcome {
  const { gwp, items } = request;
  const requestErrors: ItemError[] = [];
  if (!isGwpSetId(gwp)) {
    requestErrors.push({ id: null, path: 'gwp', message: `gwp must be one of ${GWP_SET_IDS.join(', ')}` });
  }
  if (!Array.isArray(items)) {
    requestErrors.push({ id: null, path: 'items', message: 'items must be an array' });
  } else if (items.length > MAX_ESTIMATE_ITEMS) {
    requestErrors.push({
      id: null,
      path: 'items',
      message: `Send at most ${MAX_ESTIMATE_ITEMS} items per estimate (got ${items.length})`,
    });
  }
  if (requestErrors.length > 0) {
    return { ok: false, message: 'Nothing was calculated: the request is invalid', items: requestErrors };
  }

  const run = calculatorFor(gwp, options.factors ?? FACTOR_LIBRARY_BY_ID).evaluateAll(items);
  if (run.invalidCount > 0) {
    return { ok: false, message: invalidItemsMessage(run.invalidCount, items.length), items: run.errors };
  }
  const { scope1, scope2LocationBased, scope2MarketBased, scope3 } = run;
  return {
    ok: true,
    gwp,
    items: run.results,
    totals: {
      co2e: scope1 + scope2LocationBased + scope2MarketBased + scope3,
      scope1,
      scope2LocationBased,
      scope2MarketBased,
      scope3,
    },
  };
}

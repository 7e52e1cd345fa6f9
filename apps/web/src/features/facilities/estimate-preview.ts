import type { EstimateItemInput } from '@ecc/contracts';
import { activityRecordItems } from '@ecc/domain';
import type { ActivityRecordFormValues } from './activity-record-form.ts';

/**
 * What the estimate API is asked for a record still being typed, so that its preview shows what saving it will
 * store: the same items the server calculates a saved record as (`activityRecordItems` in @ecc/domain), each in
 * a request of its own, so a factor usable market-based only still previews its market-based result.
 */

export type PreviewMethod = 'location' | 'market';

export interface PreviewItem {
  /** Scope 2 only: the method of this result. */
  readonly method?: PreviewMethod;
  readonly item: EstimateItemInput;
}

function numberOf(text: string): number | undefined {
  if (text.trim() === '') return undefined;
  const value = Number(text);
  return Number.isFinite(value) ? value : undefined;
}

const SCOPES = new Set<unknown>([1, 2, 3]);

/**
 * The items to estimate for the form as it is (the domain's `activityRecordItems`, as a save calculates them, one
 * per request), or undefined while quantity, unit or factor are missing.
 */
export function previewItemsOf(values: ActivityRecordFormValues): PreviewItem[] | undefined {
  const quantity = numberOf(values.quantity);
  const unit = values.unit.trim();
  const factorKey = values.factorKey.trim();
  const scope = Number(values.scope);
  if (quantity === undefined || unit === '' || factorKey === '' || !SCOPES.has(scope)) return undefined;
  const items = activityRecordItems({
    id: 'record',
    quantity,
    unit,
    factorKey,
    scope: scope as 1 | 2 | 3,
    scope3Category: numberOf(values.scope3Category) ?? null,
    certificateCoverage: numberOf(values.certificateCoverage) ?? null,
  });
  return items.map(({ scope2Method, ...item }) =>
    scope2Method === undefined
      ? { item }
      : { method: scope2Method, item: { ...item, id: `${scope2Method}-based`, scope2Method } },
  );
}

import type { EstimateItemInput } from '@ecc/contracts';
import type { ActivityRecordFormValues } from './activity-record-form.ts';

/**
 * What the estimate API is asked for a record still being typed, so that its preview shows what saving it will
 * store. The server calculates a saved record (modules/activities, `calculateActivityResults`) with its factor
 * by key, its scope and Scope 3 category, and for Scope 2 twice: location-based (certificates do not change it;
 * the figure totals count) and market-based with the certificate coverage. The preview asks the same, one item
 * per request, so a factor usable market-based only still previews its market-based result.
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

/** The items to estimate for the form as it is, or undefined while quantity, unit or factor are missing. */
export function previewItemsOf(values: ActivityRecordFormValues): PreviewItem[] | undefined {
  const quantity = numberOf(values.quantity);
  const unit = values.unit.trim();
  const factorKey = values.factorKey.trim();
  if (quantity === undefined || unit === '' || factorKey === '') return undefined;
  const base = { quantity, unit, factor: { id: factorKey } };
  if (values.scope === '2') {
    const coverage = numberOf(values.certificateCoverage);
    return [
      { method: 'location', item: { ...base, id: 'location-based', scope: 2, scope2Method: 'location' } },
      {
        method: 'market',
        item: {
          ...base,
          id: 'market-based',
          scope: 2,
          scope2Method: 'market',
          ...(coverage === undefined ? {} : { certificateCoverage: coverage }),
        },
      },
    ];
  }
  if (values.scope === '3') {
    const category = numberOf(values.scope3Category);
    return [
      {
        item: {
          ...base,
          id: 'record',
          scope: 3,
          ...(category === undefined ? {} : { scope3Category: category }),
        },
      },
    ];
  }
  return [{ item: { ...base, id: 'record', scope: 1 } }];
}

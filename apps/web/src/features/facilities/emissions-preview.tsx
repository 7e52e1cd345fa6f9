import { cn } from '@ecc/ui';
import { useQuery } from '@tanstack/react-query';
import { LoaderCircleIcon } from 'lucide-react';
import { useMemo } from 'react';
import type { ActivityRecordFormValues } from './activity-record-form.ts';
import { previewItemsOf, type PreviewMethod } from './estimate-preview.ts';
import { estimatePreviewQuery, type EstimateOutcome } from './facility-api.ts';
import { formatMass } from '#lib/format/format-mass.ts';
import { useDebouncedValue } from '#lib/timing/use-debounced-value.ts';

export const PREVIEW_DEBOUNCE_MS = 300;

const METHOD_LABELS: Record<PreviewMethod, string> = {
  location: 'Location-based',
  market: 'Market-based',
};

/** Why the engine cannot calculate the item: its messages, each once. */
function refusalOf(outcome: Extract<EstimateOutcome, { isEstimated: false }>): string {
  const messages = [...new Set(outcome.failure.items.map((item) => item.message))];
  return messages.length > 0 ? messages.join('; ') : outcome.failure.message;
}

function describeResult(outcome: Extract<EstimateOutcome, { isEstimated: true }>): string {
  const [result] = outcome.response.items;
  if (result === undefined) return '';
  const gases = Object.entries(result.gases).map(([gas, kg]) => formatMass(kg, { substance: gas }));
  const fallback = result.isGridAverageFallback ? ' (grid average: no residual mix is known)' : '';
  return `${formatMass(result.co2e)}${gases.length > 0 ? ` — ${gases.join(', ')}` : ''}${fallback}`;
}

/**
 * The record's emissions as saving it would calculate them, estimated while the form is typed into (debounced
 * 300 ms, on the realm's GWP set). It never holds the form up: the inputs stay free, the last figures stay in
 * view marked as updating, and what the engine refuses is a quiet note rather than an error.
 */
export function EmissionsPreview({
  values,
  className,
}: {
  values: ActivityRecordFormValues;
  className?: string;
}) {
  const items = useMemo(() => previewItemsOf(values), [values]);
  const debouncedItems = useDebouncedValue(items, PREVIEW_DEBOUNCE_MS);
  const preview = useQuery({
    ...estimatePreviewQuery(debouncedItems ?? []),
    enabled: debouncedItems !== undefined,
  });
  const isUpdating = items !== undefined && (items !== debouncedItems || preview.isFetching);
  const answers = items === undefined ? undefined : preview.data;
  const estimated = answers?.flatMap(({ outcome }) => (outcome.isEstimated ? [outcome] : []));
  const gwp = estimated?.[0]?.response.gwp;
  const isScope2 = answers?.some((answer) => answer.method !== undefined) ?? false;
  const isMarketOnly =
    isScope2 &&
    answers?.some((answer) => answer.method === 'location' && !answer.outcome.isEstimated) === true &&
    answers.some((answer) => answer.method === 'market' && answer.outcome.isEstimated);

  return (
    <div
      role="status"
      aria-label="Emissions preview"
      aria-busy={isUpdating}
      className={cn('grid gap-1 rounded-md bg-muted/50 px-3 py-2 text-sm', className)}
    >
      <p className="flex items-center gap-2 font-medium">
        {gwp === undefined ? 'Emissions preview' : `Emissions preview (GWP ${gwp})`}
        {isUpdating && (
          <span className="inline-flex items-center gap-1 text-xs font-normal text-muted-foreground">
            <LoaderCircleIcon aria-hidden="true" className="size-3 animate-spin" />
            Updating…
          </span>
        )}
      </p>
      {items === undefined ? (
        <p className="text-muted-foreground">
          Enter a quantity, a unit and an emission factor to see this record’s emissions before saving.
        </p>
      ) : preview.isError ? (
        <p className="text-muted-foreground">The preview is not available: {preview.error.message}</p>
      ) : answers === undefined ? (
        <p className="text-muted-foreground">Estimating…</p>
      ) : estimated?.length === 0 ? (
        <p className="text-muted-foreground" data-testid="preview-refusal">
          Cannot estimate:{' '}
          {[
            ...new Set(answers.flatMap(({ outcome }) => (outcome.isEstimated ? [] : [refusalOf(outcome)]))),
          ].join('; ')}
        </p>
      ) : (
        <>
          <ul className="grid gap-0.5">
            {answers.map(({ method, item, outcome }) => (
              <li key={item.id} data-testid={`preview-${item.id}`}>
                {method !== undefined && <span className="font-medium">{METHOD_LABELS[method]}: </span>}
                {outcome.isEstimated ? (
                  <span className="tabular-nums">{describeResult(outcome)}</span>
                ) : (
                  <span className="text-muted-foreground">cannot estimate: {refusalOf(outcome)}</span>
                )}
              </li>
            ))}
          </ul>
          {isScope2 && (
            <p className="text-xs text-muted-foreground">
              {isMarketOnly
                ? 'This factor is market-based only: saved, the record’s CO2e is the market-based figure.'
                : 'Saved, the record’s CO2e is the location-based figure, which totals count; the market-based one, with certificates, is kept beside it.'}
            </p>
          )}
        </>
      )}
    </div>
  );
}

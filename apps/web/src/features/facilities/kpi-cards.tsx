import type { FacilitySummary } from '@ecc/contracts';
import { cn } from '@ecc/ui';
import { formatMass } from '#lib/format/format-mass.ts';
import { formatQuantity } from '#lib/format/format-quantity.ts';
import { SCOPE_KEYS, SCOPE_LABELS } from '#lib/emissions/scope-labels.ts';
import { formatPercentChange, percentChange } from '#lib/format/format-change.ts';
import { yearAndPrevious } from './facility-format.ts';
import { SCOPE_NUMBERS, type TrailRequest } from './facility-types.ts';
import { TrailButton } from './trail-button.tsx';

interface KpiCardProps {
  label: string;
  value: string;
  detail?: string | undefined;
  trail?: TrailRequest | undefined;
  onTrail: (request: TrailRequest) => void;
  isHighlighted?: boolean;
}

function KpiCard({ label, value, detail, trail, onTrail, isHighlighted = false }: KpiCardProps) {
  return (
    <div className={cn('grid gap-1 rounded-lg border bg-card p-4', isHighlighted && 'border-primary/60')}>
      <div className="flex items-start justify-between gap-2">
        <h3 className="text-sm text-muted-foreground">{label}</h3>
        {trail !== undefined && <TrailButton request={trail} onTrail={onTrail} />}
      </div>
      <p className="text-2xl font-semibold tabular-nums" data-testid={`kpi-${label}`}>
        {value}
      </p>
      {detail !== undefined && <p className="text-xs text-muted-foreground">{detail}</p>}
    </div>
  );
}

/** This year's CO2e against last year's, the split by scope (both Scope 2 methods), and the intensity. */
export function KpiCards({
  summary,
  onTrail,
}: {
  summary: FacilitySummary;
  onTrail: (request: TrailRequest) => void;
}) {
  const { current, previous } = yearAndPrevious(summary.years, summary.year);
  if (current === undefined) {
    return (
      <p className="text-sm text-muted-foreground">
        {summary.year === null || summary.years.length === 0
          ? 'No emissions have been calculated for this facility yet.'
          : `No emissions have been calculated for this facility in ${summary.year}.`}
      </p>
    );
  }
  const change = percentChange(current.co2eKg, previous?.co2eKg);
  return (
    <section aria-labelledby="facility-kpis" className="grid gap-3">
      <h2 id="facility-kpis" className="sr-only">
        Key figures
      </h2>
      <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
        <KpiCard
          label={`CO2e ${current.year}`}
          value={formatMass(current.co2eKg)}
          detail={formatPercentChange(change)}
          trail={{ title: `CO2e ${current.year}`, year: current.year }}
          onTrail={onTrail}
          isHighlighted
        />
        {SCOPE_KEYS.map((key) => (
          <KpiCard
            key={key}
            label={`${SCOPE_LABELS[key]} ${current.year}`}
            value={formatMass(current[key])}
            detail={formatPercentChange(percentChange(current[key], previous?.[key]))}
            trail={{
              title: `${SCOPE_LABELS[key]} ${current.year}`,
              year: current.year,
              scope: SCOPE_NUMBERS[key],
            }}
            onTrail={onTrail}
          />
        ))}
        <KpiCard
          label="Intensity"
          value={
            summary.intensity === null
              ? '—'
              : formatQuantity(summary.intensity.co2eKgPerUnit, `kg CO2e/${summary.intensity.unit}`)
          }
          detail={
            summary.intensity === null ? 'No activity measure to divide by' : `In ${summary.intensity.year}`
          }
          onTrail={onTrail}
        />
      </div>
      <p className="text-xs text-muted-foreground">
        Totals count Scope 2 location-based; the market-based figure is shown beside it. GWP set{' '}
        {summary.gwpSetId}.
      </p>
    </section>
  );
}

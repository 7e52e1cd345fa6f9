import { abatementEndpoints, endpointUrl, type MeasureDto } from '@ecc/contracts';
import { marginalAbatementCurve } from '@ecc/domain';
import { DataTable, EmptyState, FormField, Input } from '@ecc/ui';
import { useId, useMemo, useState } from 'react';
import { ExportMenu } from '#components/export-menu.tsx';
import { OptionChart } from '#components/charts/option-chart.tsx';
import { formatMass } from '#lib/format/format-mass.ts';
import { formatMoney } from '#lib/format/format-money.ts';
import { maccChartOption } from './macc-chart-option.ts';
import { parsePercent } from './percent.ts';

/**
 * The marginal abatement cost curve of the library at a discount rate: the chart (width = annual abatement,
 * height = cost per tonne in the realm's `currency`, cheapest first, savings below the axis) with its table beside
 * it and the export.
 */
export function MaccPanel({ measures, currency }: { measures: readonly MeasureDto[]; currency: string }) {
  const id = useId();
  const [rateText, setRateText] = useState('6');
  const rate = parsePercent(rateText);
  const curve = useMemo(
    () => (rate === undefined ? undefined : marginalAbatementCurve(measures, rate)),
    [measures, rate],
  );
  const buildOption = useMemo(() => maccChartOption(curve?.bars ?? [], currency), [curve, currency]);
  return (
    <section aria-labelledby={`${id}-title`} className="grid gap-4">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <h2 id={`${id}-title`} className="text-lg font-semibold">
          Marginal abatement cost curve
        </h2>
        <div className="flex flex-wrap items-end gap-3">
          <FormField
            label="Discount rate (%)"
            error={rate === undefined ? 'Must be a rate from 0 to 100 %' : undefined}
          >
            <Input
              inputMode="decimal"
              className="w-28"
              value={rateText}
              onChange={(event) => setRateText(event.target.value)}
            />
          </FormField>
          {rate === undefined ? null : (
            <ExportMenu
              what="the MACC table"
              hrefOf={(format) =>
                endpointUrl(abatementEndpoints.exportMacc, undefined, { discountRate: rate, format })
              }
            />
          )}
        </div>
      </div>
      {curve === undefined ? null : curve.bars.length === 0 ? (
        <EmptyState
          title="No measure to draw"
          description="Measures with an annual abatement show here, cheapest per tonne first."
        />
      ) : (
        <div className="grid gap-4 xl:grid-cols-[3fr_2fr]">
          <OptionChart
            title="Marginal abatement cost curve: cost per tonne by cumulative annual abatement"
            buildOption={buildOption}
            height={380}
            testId="macc-chart"
          />
          <DataTable
            caption="The MACC's measures, cheapest per tonne first"
            rows={curve.bars}
            rowKey={(bar) => bar.id}
            hasRowHeaders
            columns={[
              { header: 'Measure', cell: (bar) => bar.name },
              {
                header: 'Abatement a year',
                cell: (bar) => formatMass(bar.annualAbatementTonnes * 1000),
                className: 'text-right tabular-nums',
              },
              {
                header: 'Cost per t CO2e',
                cell: (bar) => formatMoney(bar.costPerTonne, currency),
                className: 'text-right tabular-nums',
              },
              {
                header: 'Annualised capex',
                cell: (bar) => formatMoney(bar.annualisedCapex, currency),
                className: 'text-right tabular-nums',
              },
            ]}
          />
        </div>
      )}
      {curve !== undefined && curve.excluded.length > 0 ? (
        <p className="text-sm text-muted-foreground">
          Not on the curve (no annual abatement known): {curve.excluded.map((each) => each.name).join(', ')}.
        </p>
      ) : null}
    </section>
  );
}

import {
  endpointUrl,
  exportEndpoints,
  facilityReportedYearSchema,
  type FacilityReportedYear,
} from '@ecc/contracts';
import { convert, isGasId, isGwpSetId, toCo2e } from '@ecc/domain';
import { ExportMenu } from '#components/export-menu.tsx';
import { formatMass } from '#lib/format/format-mass.ts';

/** The workbook publishes tonnes; every mass on screen goes through `formatMass`, which takes kilograms. */
function kilograms(tonnes: number): number {
  return convert(tonnes, 't', 'kg');
}

/** The years the facility reported that the view can read, latest first. */
function reportedYearsOf(reported: Readonly<Record<string, unknown>>): [string, FacilityReportedYear][] {
  return Object.entries(reported)
    .flatMap(([year, value]): [string, FacilityReportedYear][] => {
      const parsed = facilityReportedYearSchema.safeParse(value);
      return parsed.success ? [[year, parsed.data]] : [];
    })
    .sort(([left], [right]) => right.localeCompare(left));
}

/**
 * What the facility reported to a programme (EPA GHGRP), by year and gas, on the realm's GWP set: labelled as
 * reported and kept apart from the results calculated from activity data.
 */
export function ReportedEmissions({
  slug,
  reported,
  gwpSetId,
}: {
  slug: string;
  reported: Readonly<Record<string, unknown>>;
  gwpSetId: string;
}) {
  const years = reportedYearsOf(reported);
  if (years.length === 0 || !isGwpSetId(gwpSetId)) return null;
  return (
    <section aria-labelledby="facility-reported" className="grid gap-3 rounded-lg border p-4">
      <div className="grid gap-1">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h2 id="facility-reported" className="font-semibold">
            Reported emissions
          </h2>
          <ExportMenu
            what="reported emissions"
            hrefOf={(format) => endpointUrl(exportEndpoints.facilityReportedEmissions, { slug }, { format })}
          />
        </div>
        <p className="text-sm text-muted-foreground">
          What the facility reported to a programme, as published, with CO2e on {gwpSetId}, this realm’s GWP
          set. These figures are reported, not calculated from activity data, and are not part of the totals
          above.
        </p>
      </div>
      {years.map(([year, entry]) => (
        <table key={year} className="w-full text-sm" aria-label={`Reported to ${entry.source}, ${year}`}>
          <caption className="pb-1 text-left font-medium">
            {year}: reported to {entry.source}
          </caption>
          <thead className="border-b text-left text-muted-foreground">
            <tr>
              <th scope="col" className="py-1 pr-3 font-medium">
                Gas
              </th>
              <th scope="col" className="py-1 pr-3 text-right font-medium">
                Reported mass
              </th>
              <th scope="col" className="py-1 text-right font-medium">
                CO2e ({gwpSetId})
              </th>
            </tr>
          </thead>
          <tbody>
            {Object.entries(entry.gases).map(([gas, tonnes]) => (
              <tr key={gas} className="border-b">
                <th scope="row" className="py-1 pr-3 text-left font-normal">
                  {gas}
                </th>
                <td className="py-1 pr-3 text-right tabular-nums">
                  {formatMass(kilograms(tonnes), { substance: gas })}
                </td>
                <td className="py-1 text-right tabular-nums">
                  {isGasId(gas) ? formatMass(kilograms(toCo2e(tonnes, gas, gwpSetId))) : '—'}
                </td>
              </tr>
            ))}
            {Object.entries(entry.mixturesCo2eT).map(([group, tonnes]) => (
              <tr key={group} className="border-b">
                <th scope="row" className="py-1 pr-3 text-left font-normal">
                  {group}
                </th>
                <td className="py-1 pr-3 text-right text-muted-foreground">published as CO2e only</td>
                <td className="py-1 text-right tabular-nums">
                  {formatMass(kilograms(tonnes))} ({entry.reportedGwpSetId}, as published)
                </td>
              </tr>
            ))}
          </tbody>
          <tfoot>
            <tr>
              <th scope="row" className="py-1 pr-3 text-left">
                Total
              </th>
              <td />
              <td className="py-1 text-right font-semibold tabular-nums">
                {entry.co2eTByGwpSet[gwpSetId] === undefined
                  ? '—'
                  : formatMass(kilograms(entry.co2eTByGwpSet[gwpSetId] ?? 0))}
              </td>
            </tr>
            <tr>
              <td colSpan={3} className="pt-1 text-xs text-muted-foreground">
                Total as published: {formatMass(kilograms(entry.reportedCo2eT))} on {entry.reportedGwpSetId}.
                {entry.biogenicCo2T !== null
                  ? ` Biogenic CO2, reported apart and not in the total: ${formatMass(kilograms(entry.biogenicCo2T), { substance: 'CO2' })}.`
                  : ''}
              </td>
            </tr>
          </tfoot>
        </table>
      ))}
    </section>
  );
}

import type { EmissionFactorDto } from '@ecc/contracts';
import type { ReactNode } from 'react';

/** The factor's value per gas as published, e.g. `CO2 53.06 kg, CH4 0.001 kg`; a CO2e-only factor names its GWP set. */
export function formatGases(factor: Pick<EmissionFactorDto, 'gases' | 'co2e'>): string {
  const gases = Object.entries(factor.gases).map(([gas, { value, unit }]) => `${gas} ${value} ${unit}`);
  if (factor.co2e) gases.push(`CO2e ${factor.co2e.value} ${factor.co2e.unit} (${factor.co2e.gwp})`);
  return gases.join(', ');
}

export interface FactorColumn<Factor> {
  header: string;
  cell: (factor: Factor) => ReactNode;
}

/** Factors as published (name, source, year, unit of activity, gases), then the columns a list adds. */
export function FactorTable<Factor extends EmissionFactorDto>({
  caption,
  factors,
  nameCell = (factor) => factor.name,
  columns,
}: {
  caption: string;
  factors: readonly Factor[];
  nameCell?: (factor: Factor) => ReactNode;
  columns: readonly FactorColumn<Factor>[];
}) {
  const headers = ['Name', 'Source', 'Year', 'Per', 'Gases', ...columns.map((column) => column.header)];
  return (
    <div className="overflow-x-auto rounded-lg border">
      <table className="w-full text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead className="bg-muted/50 text-left">
          <tr>
            {headers.map((header) => (
              <th key={header} scope="col" className="px-4 py-2 font-medium">
                {header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {factors.map((factor) => (
            <tr key={factor.id} className="border-t">
              <td className="px-4 py-2">{nameCell(factor)}</td>
              <td className="px-4 py-2">{factor.source}</td>
              <td className="px-4 py-2">{factor.year}</td>
              <td className="px-4 py-2">{factor.per}</td>
              <td className="px-4 py-2">{formatGases(factor)}</td>
              {columns.map((column) => (
                <td key={column.header} className="px-4 py-2">
                  {column.cell(factor)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

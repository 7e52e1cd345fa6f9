import type { EmissionFactorDto } from '@ecc/contracts';
import { DataTable, type DataTableColumn } from '@ecc/ui';
import type { ReactNode } from 'react';
import { FactorKey } from './factor-key.tsx';

/** The factor's value per gas as published, e.g. `CO2 53.06 kg, CH4 0.001 kg`; a CO2e-only factor names its GWP set. */
export function formatGases(factor: Pick<EmissionFactorDto, 'gases' | 'co2e'>): string {
  const gases = Object.entries(factor.gases).map(([gas, { value, unit }]) => `${gas} ${value} ${unit}`);
  if (factor.co2e) gases.push(`CO2e ${factor.co2e.value} ${factor.co2e.unit} (${factor.co2e.gwp})`);
  return gases.join(', ');
}

/** Factors as published (name, key, source, year, unit of activity, gases), then the columns a list adds. */
export function FactorTable<Factor extends EmissionFactorDto>({
  caption,
  factors,
  nameCell = (factor) => factor.name,
  columns,
}: {
  caption: string;
  factors: readonly Factor[];
  nameCell?: (factor: Factor) => ReactNode;
  columns: readonly DataTableColumn<Factor>[];
}) {
  return (
    <DataTable
      caption={caption}
      rows={factors}
      rowKey={(factor) => factor.id}
      hasRowHeaders={false}
      columns={[
        { header: 'Name', cell: nameCell },
        { header: 'Key', cell: (factor) => <FactorKey factorKey={factor.id} /> },
        { header: 'Source', cell: (factor) => factor.source },
        { header: 'Year', cell: (factor) => factor.year },
        { header: 'Per', cell: (factor) => factor.per },
        { header: 'Gases', cell: formatGases },
        ...columns,
      ]}
    />
  );
}

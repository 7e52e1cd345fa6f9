import type { EmissionFactorDto } from '@ecc/contracts';

/** The factor's value per gas as published, e.g. `CO2 53.06 kg, CH4 0.001 kg`; a CO2e-only factor names its GWP set. */
export function formatGases(factor: Pick<EmissionFactorDto, 'gases' | 'co2e'>): string {
  const gases = Object.entries(factor.gases).map(([gas, { value, unit }]) => `${gas} ${value} ${unit}`);
  if (factor.co2e) gases.push(`CO2e ${factor.co2e.value} ${factor.co2e.unit} (${factor.co2e.gwp})`);
  return gases.join(', ');
}

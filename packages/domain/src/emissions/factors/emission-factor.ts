import type { GasId, GwpSetId } from '../gwp.ts';
import type { EnergyUnit, MassUnit, Unit } from '../units.ts';

export type Scope = 1 | 2 | 3;
export type Scope3Category = 1 | 2 | 3 | 4 | 5 | 6 | 7 | 8 | 9 | 10 | 11 | 12 | 13 | 14 | 15;
/** What an electricity factor represents, which decides how it may be used in Scope 2 reporting. */
export type ElectricityBasis = 'grid-average' | 'residual-mix' | 'supplier-specific';
/** Gross (higher) or net (lower) calorific value: a factor per energy unit applies only on its own basis. */
export type CalorificBasis = 'gross' | 'net';

export interface GasFactor {
  readonly value: number;
  /** Mass of the gas per one `per` unit of activity. */
  readonly unit: MassUnit;
}

export interface HeatContent {
  readonly value: number;
  readonly energy: EnergyUnit;
  readonly per: Unit;
}

/**
 * A factor published only as CO2e (UK DESNZ). Its CO2e was computed by the publisher with `gwp`, so it cannot
 * be re-based to another GWP set and yields no per-gas masses.
 */
export interface PublishedCo2eFactor {
  readonly value: number;
  readonly unit: MassUnit;
  readonly gwp: GwpSetId;
}

export interface EmissionFactor {
  readonly id: string;
  readonly name: string;
  /** Publisher, document and table (row where it helps), so the value can be found where it was published. */
  readonly source: string;
  /** The edition of the source the values were taken from. */
  readonly year: number;
  readonly per: Unit;
  readonly gases: Readonly<Partial<Record<GasId, GasFactor>>>;
  readonly co2e?: PublishedCo2eFactor;
  readonly hhv?: HeatContent;
  readonly scope: Scope;
  readonly category?: Scope3Category;
  readonly electricityBasis?: ElectricityBasis;
  readonly calorificBasis?: CalorificBasis;
}

/** Library factors are shared by every realm and request, so nothing may change them after loading. */
export function freezeFactor(factor: EmissionFactor): EmissionFactor {
  for (const gas of Object.values(factor.gases)) Object.freeze(gas);
  Object.freeze(factor.gases);
  if (factor.hhv) Object.freeze(factor.hhv);
  if (factor.co2e) Object.freeze(factor.co2e);
  return Object.freeze(factor);
}

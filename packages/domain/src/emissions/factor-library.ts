import type { EmissionFactor } from './factors/emission-factor.ts';
export {
  HUB_WASTE_DISPOSAL_METHODS,
  HUB_WASTE_MATERIALS,
  hubWasteFactorId,
  type HubWasteDisposalMethod,
} from './factors/emission-factors-hub-scope3-factors.ts';
import { DESNZ_FACTORS } from './factors/desnz-factors.ts';
import { EGRID_FACTORS } from './factors/egrid-factors.ts';
import { EMISSION_FACTORS_HUB_FACTORS } from './factors/emission-factors-hub-factors.ts';
import { EMISSION_FACTORS_HUB_SCOPE3_FACTORS } from './factors/emission-factors-hub-scope3-factors.ts';
import { FLUORINATED_GAS_FACTORS } from './factors/fluorinated-gas-factors.ts';
import { SUBPART_C_FACTORS } from './factors/subpart-c-factors.ts';

export type {
  CalorificBasis,
  ElectricityBasis,
  EmissionFactor,
  GasFactor,
  HeatContent,
  PublishedCo2eFactor,
  Scope,
  Scope3Category,
} from './factors/emission-factor.ts';

/**
 * The emission factors shipped with the product, one module per published table family in `./factors/`. Every
 * value is copied as published, in the published units (lb/MWh stays lb/MWh, g/gal stays g/gal): the engine
 * converts, so an auditor can hold each number against its source table, which each factor's `source` names.
 */
export const FACTOR_LIBRARY: readonly EmissionFactor[] = Object.freeze([
  ...SUBPART_C_FACTORS,
  ...EMISSION_FACTORS_HUB_FACTORS,
  ...EMISSION_FACTORS_HUB_SCOPE3_FACTORS,
  ...EGRID_FACTORS,
  ...DESNZ_FACTORS,
  ...FLUORINATED_GAS_FACTORS,
]);

/** Looks a factor up by id: the library's own lookup, or a realm's (library plus its custom factors). */
export interface FactorLookup {
  get(id: string): EmissionFactor | undefined;
}

export const FACTOR_LIBRARY_BY_ID: ReadonlyMap<string, EmissionFactor> = new Map(
  FACTOR_LIBRARY.map((factor) => [factor.id, factor]),
);

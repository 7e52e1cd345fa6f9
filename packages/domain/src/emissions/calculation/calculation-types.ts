import type { CalorificBasis, ElectricityBasis, Scope, Scope3Category } from '../factor-library.ts';
import type { GasId, GwpSetId } from '../gwp.ts';
import type { FactorLookup } from '../factor-library.ts';

export type Scope2Method = 'location' | 'market';
/** How the quantity reached the factor's basis: a unit conversion, or through the fuel's heat content. */
export type ConversionBasis = 'direct' | 'heat-content';

export interface FactorReference {
  readonly id: string;
}

export interface GasFactorInput {
  readonly value: number;
  readonly unit: string;
}

export interface HeatContentInput {
  readonly value: number;
  readonly energy: string;
  readonly per: string;
}

export interface PublishedCo2eInput {
  readonly value: number;
  readonly unit: string;
  readonly gwp: string;
}

/** A factor given with the item (supplier-specific or custom), in the same shape as a library factor. */
export interface InlineFactor {
  readonly per: string;
  readonly gases?: Readonly<Record<string, GasFactorInput>>;
  readonly co2e?: PublishedCo2eInput;
  readonly hhv?: HeatContentInput;
  readonly electricityBasis?: ElectricityBasis;
  readonly calorificBasis?: CalorificBasis;
}

export interface EstimateItem {
  readonly id: string;
  readonly quantity: number;
  readonly unit: string;
  readonly factor: FactorReference | InlineFactor;
  /** A measured heat content; it takes precedence over the factor's default HHV. */
  readonly hhv?: HeatContentInput;
  /** Defaults to the library factor's scope; required with an inline factor. */
  readonly scope?: Scope;
  /** Scope 2 only; defaults to location-based. */
  readonly scope2Method?: Scope2Method;
  /** Market-based Scope 2 only: share (0..1) of the quantity covered by qualifying certificates. */
  readonly certificateCoverage?: number;
  readonly scope3Category?: number;
  /** The calorific basis of an energy quantity (or of the item's hhv). */
  readonly calorificBasis?: CalorificBasis;
}

export interface ItemEmissions {
  readonly id: string;
  /** Mass of each gas in kg, before any GWP. */
  readonly gases: Readonly<Partial<Record<GasId, number>>>;
  /** kg CO2e: Σ mass × GWP of the gas in the requested set (or the published CO2e, see publishedCo2eGwp). */
  readonly co2e: number;
  readonly scope: Scope;
  readonly scope2Method: Scope2Method | undefined;
  readonly scope3Category: Scope3Category | undefined;
  /** The library factor used; undefined for an inline factor. */
  readonly factorId: string | undefined;
  readonly basis: ConversionBasis;
  /** Market-based Scope 2 computed with a grid-average factor, which must be disclosed as such. */
  readonly isGridAverageFallback: boolean;
  /**
   * Set when the factor was published as CO2e only: the co2e then stands on this GWP set, whatever set was
   * requested, and `gases` is empty.
   */
  readonly publishedCo2eGwp: GwpSetId | undefined;
}

export interface ItemError {
  /** The item's id, or null for an error about the request as a whole. */
  readonly id: string | null;
  readonly path: string;
  readonly message: string;
}

export interface EmissionTotals {
  /** Σ co2e of all items as submitted (kg). Dual-reported Scope 2 appears twice here; use the split below. */
  readonly co2e: number;
  readonly scope1: number;
  readonly scope2LocationBased: number;
  readonly scope2MarketBased: number;
  readonly scope3: number;
}

export interface EstimateRequest {
  readonly gwp: GwpSetId;
  readonly items: readonly EstimateItem[];
}

export interface CalculationOptions {
  /** Where `{id}` factors are looked up; defaults to the shipped library. */
  readonly factors?: FactorLookup;
}

export interface EstimateSuccess {
  readonly ok: true;
  readonly gwp: GwpSetId;
  readonly items: ItemEmissions[];
  readonly totals: EmissionTotals;
}

export interface EstimateFailure {
  readonly ok: false;
  readonly message: string;
  readonly items: ItemError[];
}

export type EstimateOutcome = EstimateSuccess | EstimateFailure;

export type ItemCalculation =
  | { readonly ok: true; readonly result: ItemEmissions }
  | { readonly ok: false; readonly errors: ItemError[] };

export const MAX_ESTIMATE_ITEMS = 100_000;

import { findFactorBasisConversion, type ConversionStep } from './factor-basis.ts';
import type { EmissionFactor } from './factor-library.ts';
import { GAS_IDS, GWP_SETS, isGasId, isGwpSetId } from './gwp.ts';
import { findConversionFactor } from './units.ts';

/** One gas of a result: factor × quantity in the factor's unit = mass; mass × GWP = its CO2e. */
export interface GasArithmetic {
  readonly gas: string;
  /** The factor's value for the gas, in `factorUnit` of the gas per one of the factor's unit (`per`). */
  readonly factorValue: number;
  readonly factorUnit: string;
  /** `factorUnit` to kg (1 for a factor in kg). */
  readonly toKg: number;
  /** kg of the gas, as stored with the result. */
  readonly massKg: number;
  /** The gas's GWP-100 in the result's set; null when the set lists no value for it. */
  readonly gwp: number | null;
  /** massKg × gwp. */
  readonly co2eKg: number;
}

/** A factor published as CO2e: value per the factor's unit, in `factorUnit` of CO2e, on the publisher's set. */
export interface PublishedCo2eArithmetic {
  readonly factorValue: number;
  readonly factorUnit: string;
  readonly toKg: number;
  readonly gwpSetId: string;
}

/**
 * How one stored result came about, step by step: the record's quantity, the certificate coverage (market-based
 * only), the conversion to the factor's unit, each gas's mass and its CO2e on the result's GWP set, and the
 * total. Masses and totals are the stored ones; the steps are the engine's (`findFactorBasisConversion`).
 */
export interface ResultArithmetic {
  readonly quantity: number;
  readonly unit: string;
  /** The share covered by certificates, taken off the market-based result; null when not applied. */
  readonly certificateCoverage: number | null;
  readonly conversion: readonly ConversionStep[];
  /** The quantity in the factor's unit: quantity × (1 − coverage) and the conversion steps. */
  readonly basisQuantity: number;
  readonly basisUnit: string;
  readonly gases: readonly GasArithmetic[];
  readonly publishedCo2e: PublishedCo2eArithmetic | null;
  /** kg CO2e as stored: Σ gases' CO2e, or the published CO2e × quantity. */
  readonly co2eKg: number;
  readonly gwpSetId: string;
}

export interface ExplainedRecord {
  readonly quantity: number;
  readonly unit: string;
  readonly certificateCoverage: number | null;
}

export interface ExplainedResult {
  /** '' outside Scope 2. */
  readonly scope2Method: string;
  readonly gases: Readonly<Record<string, number>>;
  readonly co2eKg: number;
  readonly gwpSetId: string;
}

/**
 * The arithmetic of a stored result of `record` calculated with `factor`; undefined when the factor cannot take
 * the record's unit any more (then there are no steps to show, only the stored figures).
 */
export function explainResult(
  record: ExplainedRecord,
  result: ExplainedResult,
  factor: EmissionFactor,
): ResultArithmetic | undefined {
  const conversion = findFactorBasisConversion(record.unit, factor.per, factor.hhv);
  if (conversion === undefined) return undefined;
  const coverage =
    result.scope2Method === 'market' && (record.certificateCoverage ?? 0) > 0
      ? record.certificateCoverage
      : null;
  const basisQuantity = record.quantity * (1 - (coverage ?? 0)) * conversion.factorUnitsPerQuantityUnit;
  const gwpValues = isGwpSetId(result.gwpSetId) ? GWP_SETS[result.gwpSetId].values : undefined;
  // Stored masses come back from jsonb in its own key order: the GWP table's order reads as the factor does.
  const gasOrder = (gas: string) => (isGasId(gas) ? GAS_IDS.indexOf(gas) : GAS_IDS.length);
  const stored = Object.entries(result.gases).sort(
    ([left], [right]) => gasOrder(left) - gasOrder(right) || left.localeCompare(right),
  );
  const gases = stored.map(([gas, massKg]): GasArithmetic => {
    const gasFactor = isGasId(gas) ? factor.gases[gas] : undefined;
    const gwp = gwpValues && isGasId(gas) ? gwpValues[gas] : null;
    return {
      gas,
      factorValue: gasFactor?.value ?? 0,
      factorUnit: gasFactor?.unit ?? 'kg',
      toKg: (gasFactor && findConversionFactor(gasFactor.unit, 'kg')) ?? 1,
      massKg,
      gwp,
      co2eKg: gwp === null ? 0 : massKg * gwp,
    };
  });
  const published = factor.co2e;
  return {
    quantity: record.quantity,
    unit: record.unit,
    certificateCoverage: coverage,
    conversion: conversion.steps,
    basisQuantity,
    basisUnit: factor.per,
    gases,
    publishedCo2e: published
      ? {
          factorValue: published.value,
          factorUnit: published.unit,
          toKg: findConversionFactor(published.unit, 'kg') ?? 1,
          gwpSetId: published.gwp,
        }
      : null,
    co2eKg: result.co2eKg,
    gwpSetId: result.gwpSetId,
  };
}

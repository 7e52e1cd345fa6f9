import type { ActivityRecordRow, EmissionResultRow } from '@ecc/db';
import { findConversionFactor, GWP_SETS, isGasId, isGwpSetId, type EmissionFactor } from '@ecc/domain';

/** Large figures to one decimal, small ones to six significant digits: readable, and exact enough to re-check. */
export function formatFigure(value: number): string {
  const magnitude = Math.abs(value);
  if (magnitude >= 100) return value.toLocaleString('en-US', { maximumFractionDigits: 1 });
  if (magnitude >= 1) return value.toLocaleString('en-US', { maximumFractionDigits: 4 });
  return value.toLocaleString('en-US', { maximumSignificantDigits: 6 });
}

/** `× 0.45359237 kg/lb`, or nothing when no conversion is needed. */
function conversionStep(from: string, to: string): string {
  if (from === to) return '';
  const factor = findConversionFactor(from, to);
  return factor === undefined ? '' : ` × ${formatFigure(factor)} ${to}/${from}`;
}

/**
 * How the quantity reaches the unit the factor is given per: a plain conversion, or through the fuel's heat
 * content (a fuel quantity times its HHV for a factor per energy; an energy quantity divided by it for a factor
 * per fuel quantity).
 */
function toFactorBasis(unit: string, factor: EmissionFactor): string {
  const hhv = factor.hhv;
  if (findConversionFactor(unit, factor.per) !== undefined || !hhv) return conversionStep(unit, factor.per);
  if (findConversionFactor(unit, hhv.per) !== undefined) {
    return `${conversionStep(unit, hhv.per)} × ${formatFigure(hhv.value)} ${hhv.energy}/${hhv.per}${conversionStep(hhv.energy, factor.per)}`;
  }
  return `${conversionStep(unit, hhv.energy)} ÷ ${formatFigure(hhv.value)} ${hhv.energy}/${hhv.per}${conversionStep(hhv.per, factor.per)}`;
}

/**
 * The arithmetic of one result written out for an auditor, from the record's quantity through the factor to the
 * gas masses and their CO2e, e.g. `1000 gal × 0.138 mmBtu/gal × 73.96 kg CO2/mmBtu = 10,206.5 kg CO2; …`. It
 * restates what the engine computed (the figures on the right are the stored results), it does not recompute.
 */
export function describeArithmetic(
  record: Pick<ActivityRecordRow, 'quantity' | 'unit' | 'certificateCoverage' | 'factorKey'>,
  result: Pick<EmissionResultRow, 'gases' | 'co2eKg' | 'gwpSetId' | 'scope2Method'>,
  factor: EmissionFactor | undefined,
): string {
  const co2eText = `${formatFigure(result.co2eKg)} kg CO2e`;
  if (!factor) {
    return `${formatFigure(record.quantity)} ${record.unit} with factor ${record.factorKey} = ${co2eText}`;
  }
  const coverage = record.certificateCoverage ?? 0;
  const coverageStep =
    result.scope2Method === 'market' && coverage > 0
      ? ` × (1 − ${formatFigure(coverage)} certificate coverage)`
      : '';
  const quantityText = `${formatFigure(record.quantity)} ${record.unit}${coverageStep}${toFactorBasis(record.unit, factor)}`;

  if (factor.co2e) {
    return `${quantityText} × ${formatFigure(factor.co2e.value)} ${factor.co2e.unit} CO2e/${factor.per}${conversionStep(factor.co2e.unit, 'kg')} = ${co2eText} (${factor.co2e.gwp}, as published)`;
  }
  const gasSteps = Object.entries(result.gases).map(([gas, kg]) => {
    const gasFactor = factor.gases[gas as keyof typeof factor.gases];
    if (!gasFactor) return `${formatFigure(kg)} kg ${gas}`;
    return `${quantityText} × ${formatFigure(gasFactor.value)} ${gasFactor.unit} ${gas}/${factor.per}${conversionStep(gasFactor.unit, 'kg')} = ${formatFigure(kg)} kg ${gas}`;
  });
  const gwp = isGwpSetId(result.gwpSetId) ? GWP_SETS[result.gwpSetId] : undefined;
  const weighted = Object.entries(result.gases).map(
    ([gas, kg]) => `${formatFigure(kg)} × ${gwp && isGasId(gas) ? formatFigure(gwp.values[gas]) : '?'}`,
  );
  return `${gasSteps.join('; ')}; CO2e (${result.gwpSetId}) = ${weighted.join(' + ')} = ${co2eText}`;
}

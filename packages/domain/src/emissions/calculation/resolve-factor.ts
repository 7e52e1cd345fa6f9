import type {
  CalorificBasis,
  ElectricityBasis,
  HeatContent,
  Scope,
  Scope3Category,
} from '../factor-library.ts';
import { GAS_IDS, GWP_SET_IDS, isGasId, isGwpSetId, type GasId, type GwpSetId } from '../gwp.ts';
import { findConversionFactor, isEnergyUnit, isMassUnit, isUnit, type Unit } from '../units.ts';
import {
  CALORIFIC_BASES,
  ELECTRICITY_BASES,
  ENERGY_UNIT_LIST,
  GAS_LIST,
  MASS_UNIT_LIST,
  NON_ENERGY_UNIT_LIST,
  UNIT_LIST,
  isFiniteNumber,
  isObject,
  isScope,
  isScope3Category,
  type Issue,
} from './input-checks.ts';

/** A factor checked and reduced to numbers: kg of each gas per one `per` unit. */
export interface ResolvedFactor {
  readonly id: string | undefined;
  readonly per: Unit;
  readonly gasIds: readonly GasId[];
  readonly kgPerFactorUnit: readonly number[];
  readonly publishedCo2eKg: number;
  readonly publishedCo2eGwp: GwpSetId | undefined;
  readonly hhv: HeatContent | undefined;
  readonly scope: Scope | undefined;
  readonly category: Scope3Category | undefined;
  readonly electricityBasis: ElectricityBasis | undefined;
  readonly calorificBasis: CalorificBasis | undefined;
}

export function resolveHeatContent(hhv: unknown, path: string, issues: Issue[]): HeatContent | undefined {
  if (!isObject(hhv)) {
    issues.push({
      path,
      message: 'Give the hhv as {value, energy, per}, e.g. {"value": 0.138, "energy": "mmBtu", "per": "gal"}',
    });
    return undefined;
  }
  const issueCount = issues.length;
  const { value, energy, per } = hhv;
  if (!isFiniteNumber(value) || value <= 0) {
    issues.push({ path: `${path}.value`, message: 'The hhv value must be a positive number' });
  }
  if (typeof energy !== 'string' || !isEnergyUnit(energy)) {
    issues.push({
      path: `${path}.energy`,
      message: `The hhv energy unit must be one of ${ENERGY_UNIT_LIST}`,
    });
  }
  if (typeof per !== 'string' || !isUnit(per) || isEnergyUnit(per)) {
    issues.push({
      path: `${path}.per`,
      message: `The hhv must be per a unit of volume, mass or distance: ${NON_ENERGY_UNIT_LIST}`,
    });
  }
  if (issues.length > issueCount) return undefined;
  return { value: value as number, energy: energy as HeatContent['energy'], per: per as Unit };
}

/** Checks a library, realm or inline factor and reduces it to kg per factor unit. */
export function resolveFactor(
  factor: Record<string, unknown>,
  id: string | undefined,
  issues: Issue[],
): ResolvedFactor | undefined {
  const issueCount = issues.length;
  const { per, gases, co2e, hhv, electricityBasis, calorificBasis } = factor;
  if (typeof per !== 'string' || !isUnit(per)) {
    issues.push({
      path: 'factor.per',
      message: `Unknown factor unit "${String(per)}"; use one of ${UNIT_LIST}`,
    });
  }
  const gasIds: GasId[] = [];
  const kgPerFactorUnit: number[] = [];
  let gasCount = 0;
  if (gases !== undefined && !isObject(gases)) {
    issues.push({
      path: 'factor.gases',
      message: 'Give gases as {"CO2": {"value": 53.06, "unit": "kg"}, …}',
    });
  } else if (gases !== undefined) {
    for (const gas of Object.keys(gases)) {
      gasCount++;
      if (!isGasId(gas)) {
        issues.push({ path: `factor.gases.${gas}`, message: `Unknown gas "${gas}"; use one of ${GAS_LIST}` });
      }
    }
    // Walking the gases in their canonical order keeps every result's gases in one order.
    for (const gas of GAS_IDS) {
      const gasFactor = gases[gas];
      if (gasFactor === undefined) continue;
      const value = isObject(gasFactor) ? gasFactor.value : undefined;
      const unit = isObject(gasFactor) ? gasFactor.unit : undefined;
      if (!isFiniteNumber(value) || value < 0) {
        issues.push({
          path: `factor.gases.${gas}.value`,
          message: `The ${gas} factor must be a non-negative number`,
        });
      }
      if (typeof unit !== 'string' || !isMassUnit(unit)) {
        issues.push({
          path: `factor.gases.${gas}.unit`,
          message: `Unknown gas mass unit "${String(unit)}"; use one of ${MASS_UNIT_LIST}`,
        });
      } else if (isFiniteNumber(value)) {
        gasIds.push(gas);
        kgPerFactorUnit.push(value * (findConversionFactor(unit, 'kg') as number));
      }
    }
  }
  let publishedCo2eKg = 0;
  let publishedCo2eGwp: GwpSetId | undefined;
  if (co2e !== undefined) {
    const value = isObject(co2e) ? co2e.value : undefined;
    const unit = isObject(co2e) ? co2e.unit : undefined;
    const gwp = isObject(co2e) ? co2e.gwp : undefined;
    if (!isFiniteNumber(value) || value < 0) {
      issues.push({ path: 'factor.co2e.value', message: 'The co2e factor must be a non-negative number' });
    }
    if (typeof unit !== 'string' || !isMassUnit(unit)) {
      issues.push({
        path: 'factor.co2e.unit',
        message: `Unknown co2e mass unit "${String(unit)}"; use one of ${MASS_UNIT_LIST}`,
      });
    } else if (isFiniteNumber(value)) {
      publishedCo2eKg = value * (findConversionFactor(unit, 'kg') as number);
    }
    if (!isGwpSetId(gwp)) {
      issues.push({
        path: 'factor.co2e.gwp',
        message: `Name the GWP set the published CO2e was calculated with: ${GWP_SET_IDS.join(', ')}`,
      });
    } else {
      publishedCo2eGwp = gwp;
    }
  }
  if (gasCount > 0 && co2e !== undefined) {
    issues.push({
      path: 'factor',
      message: 'Give per-gas values or a published co2e, not both (that would count twice)',
    });
  } else if (gasCount === 0 && co2e === undefined) {
    issues.push({
      path: 'factor.gases',
      message: 'Give at least one gas, e.g. {"CO2": {"value": 53.06, "unit": "kg"}}',
    });
  }
  const heatContent = hhv === undefined ? undefined : resolveHeatContent(hhv, 'factor.hhv', issues);
  if (electricityBasis !== undefined && !ELECTRICITY_BASES.includes(electricityBasis as ElectricityBasis)) {
    issues.push({
      path: 'factor.electricityBasis',
      message: `electricityBasis must be one of ${ELECTRICITY_BASES.join(', ')}`,
    });
  }
  if (calorificBasis !== undefined && !CALORIFIC_BASES.includes(calorificBasis as CalorificBasis)) {
    issues.push({ path: 'factor.calorificBasis', message: 'calorificBasis must be gross or net' });
  }
  if (issues.length > issueCount) return undefined;
  return {
    id,
    per: per as Unit,
    gasIds,
    kgPerFactorUnit,
    publishedCo2eKg,
    publishedCo2eGwp,
    hhv: heatContent,
    scope: isScope(factor.scope) ? factor.scope : undefined,
    category: isScope3Category(factor.category) ? factor.category : undefined,
    electricityBasis: electricityBasis as ElectricityBasis | undefined,
    calorificBasis: calorificBasis as CalorificBasis | undefined,
  };
}

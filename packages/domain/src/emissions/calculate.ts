import {
  FACTOR_LIBRARY_BY_ID,
  type CalorificBasis,
  type ElectricityBasis,
  type EmissionFactor,
  type FactorLookup,
  type HeatContent,
  type Scope,
  type Scope3Category,
} from './factor-library.ts';
import { findFactorBasisConversion } from './factor-basis.ts';
import { GAS_IDS, GWP_SETS, GWP_SET_IDS, isGasId, isGwpSetId, type GasId, type GwpSetId } from './gwp.ts';
import {
  UNITS,
  dimensionOf,
  findConversionFactor,
  isEnergyUnit,
  isMassUnit,
  isUnit,
  unitsOfDimension,
  type Unit,
} from './units.ts';

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

const SCOPE3_CATEGORY_COUNT = 15;
const ELECTRICITY_BASES: readonly ElectricityBasis[] = ['grid-average', 'residual-mix', 'supplier-specific'];
const CALORIFIC_BASES: readonly CalorificBasis[] = ['gross', 'net'];
const GAS_LIST = GAS_IDS.join(', ');
const UNIT_LIST = UNITS.join(', ');
const MASS_UNIT_LIST = unitsOfDimension('mass').join(', ');
const ENERGY_UNIT_LIST = unitsOfDimension('energy').join(', ');
const NON_ENERGY_UNIT_LIST = UNITS.filter((unit) => !isEnergyUnit(unit)).join(', ');

/** A problem with one item, its path relative to the item. */
interface Issue {
  readonly path: string;
  readonly message: string;
}

/** A factor checked and reduced to numbers: kg of each gas per one `per` unit. */
interface ResolvedFactor {
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

/** Everything needed to turn a quantity in one unit into per-gas masses with one factor, computed once. */
interface ConversionPlan {
  readonly factor: ResolvedFactor;
  readonly basis: ConversionBasis;
  readonly isEnergyQuantity: boolean;
  /** The gases are exactly CO2, CH4 and N2O, as for nearly every combustion and electricity factor. */
  readonly isCombustionTriple: boolean;
  readonly kgPerQuantityUnit: readonly number[];
  readonly gwpWeights: readonly number[];
  readonly publishedCo2eKgPerQuantityUnit: number;
}

interface EstimateRun {
  readonly results: ItemEmissions[];
  readonly errors: ItemError[];
  invalidCount: number;
  scope1: number;
  scope2LocationBased: number;
  scope2MarketBased: number;
  scope3: number;
}

interface LibraryEntry {
  readonly source: EmissionFactor;
  readonly factor: ResolvedFactor | undefined;
  readonly issues: readonly Issue[];
  readonly plans: Map<string, ConversionPlan | readonly Issue[]>;
}

function isFiniteNumber(value: unknown): value is number {
  return typeof value === 'number' && Number.isFinite(value);
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

function isScope(value: unknown): value is Scope {
  return value === 1 || value === 2 || value === 3;
}

function isScope3Category(value: unknown): value is Scope3Category {
  return Number.isInteger(value) && (value as number) >= 1 && (value as number) <= SCOPE3_CATEGORY_COUNT;
}

function resolveHeatContent(hhv: unknown, path: string, issues: Issue[]): HeatContent | undefined {
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
function resolveFactor(
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

/**
 * The fields of a valid inline factor that decide its conversion plan, copied (not referenced) so that a
 * caller changing the object afterwards cannot be served a stale plan. Flat named fields: comparing them
 * needs no keyed property access.
 */
interface InlineFactorSnapshot {
  readonly per: unknown;
  readonly scope: unknown;
  readonly category: unknown;
  readonly electricityBasis: unknown;
  readonly calorificBasis: unknown;
  readonly hasCo2e: boolean;
  readonly co2eValue: unknown;
  readonly co2eUnit: unknown;
  readonly co2eGwp: unknown;
  readonly hasHhv: boolean;
  readonly hhvValue: unknown;
  readonly hhvEnergy: unknown;
  readonly hhvPer: unknown;
  /** The gases are exactly CO2, CH4 and N2O, compared by name without a keyed lookup. */
  readonly isCombustionTriple: boolean;
  readonly gasNames: readonly string[];
  readonly gasValues: readonly unknown[];
  readonly gasUnits: readonly unknown[];
}

interface InlineFactorMemo {
  readonly snapshot: InlineFactorSnapshot;
  readonly factor: ResolvedFactor;
  readonly plans: Map<string, ConversionPlan | readonly Issue[]>;
}

function snapshotInlineFactor(factor: Record<string, unknown>): InlineFactorSnapshot {
  const gases = isObject(factor.gases) ? factor.gases : {};
  const gasNames = Object.keys(gases).sort(
    (left, right) => GAS_IDS.indexOf(left as GasId) - GAS_IDS.indexOf(right as GasId),
  );
  const co2e = isObject(factor.co2e) ? factor.co2e : undefined;
  const hhv = isObject(factor.hhv) ? factor.hhv : undefined;
  return {
    per: factor.per,
    scope: factor.scope,
    category: factor.category,
    electricityBasis: factor.electricityBasis,
    calorificBasis: factor.calorificBasis,
    hasCo2e: co2e !== undefined,
    co2eValue: co2e?.value,
    co2eUnit: co2e?.unit,
    co2eGwp: co2e?.gwp,
    hasHhv: hhv !== undefined,
    hhvValue: hhv?.value,
    hhvEnergy: hhv?.energy,
    hhvPer: hhv?.per,
    isCombustionTriple: gasNames.join(' ') === 'CO2 CH4 N2O',
    gasNames,
    gasValues: gasNames.map((gas) => (gases[gas] as Record<string, unknown>).value),
    gasUnits: gasNames.map((gas) => (gases[gas] as Record<string, unknown>).unit),
  };
}

function isSameGasFactor(gasFactor: unknown, value: unknown, unit: unknown): boolean {
  return isObject(gasFactor) && gasFactor.value === value && gasFactor.unit === unit;
}

/** Compares without allocating, so a request whose items repeat one inline factor checks it only once. */
function matchesSnapshot(factor: Record<string, unknown>, snapshot: InlineFactorSnapshot): boolean {
  if (
    factor.per !== snapshot.per ||
    factor.scope !== snapshot.scope ||
    factor.category !== snapshot.category ||
    factor.electricityBasis !== snapshot.electricityBasis ||
    factor.calorificBasis !== snapshot.calorificBasis
  ) {
    return false;
  }
  const co2e = factor.co2e;
  if (
    snapshot.hasCo2e
      ? !isObject(co2e) ||
        co2e.value !== snapshot.co2eValue ||
        co2e.unit !== snapshot.co2eUnit ||
        co2e.gwp !== snapshot.co2eGwp
      : co2e !== undefined
  ) {
    return false;
  }
  const hhv = factor.hhv;
  if (
    snapshot.hasHhv
      ? !isObject(hhv) ||
        hhv.value !== snapshot.hhvValue ||
        hhv.energy !== snapshot.hhvEnergy ||
        hhv.per !== snapshot.hhvPer
      : hhv !== undefined
  ) {
    return false;
  }
  const gases = factor.gases;
  const { gasNames, gasValues, gasUnits } = snapshot;
  if (!isObject(gases)) return gases === undefined && gasNames.length === 0;
  if (Object.keys(gases).length !== gasNames.length) return false;
  if (snapshot.isCombustionTriple) {
    return (
      isSameGasFactor(gases.CO2, gasValues[0], gasUnits[0]) &&
      isSameGasFactor(gases.CH4, gasValues[1], gasUnits[1]) &&
      isSameGasFactor(gases.N2O, gasValues[2], gasUnits[2])
    );
  }
  for (let index = 0; index < gasNames.length; index++) {
    if (!isSameGasFactor(gases[gasNames[index] as string], gasValues[index], gasUnits[index])) return false;
  }
  return true;
}

function isIssueList(plan: ConversionPlan | readonly Issue[]): plan is readonly Issue[] {
  return Array.isArray(plan);
}

function missingBasisMessage(unit: Unit, per: Unit): string {
  if (isEnergyUnit(per)) {
    return `provide an hhv (energy per ${unit}) or use a factor per ${dimensionOf(unit)}`;
  }
  if (isEnergyUnit(unit)) {
    return `provide an hhv (energy per ${per}) or use a factor per energy`;
  }
  return `use a factor per ${dimensionOf(unit)} or give the quantity in ${dimensionOf(per)} (e.g. ${per})`;
}

/** Finds the factor (direct, or through the heat content either way) that turns one `unit` into one `per`. */
function planConversion(
  factor: ResolvedFactor,
  unit: string,
  hhv: HeatContent | undefined,
  gwp: GwpSetId,
): ConversionPlan | readonly Issue[] {
  if (!isUnit(unit)) {
    return [{ path: 'unit', message: `Unknown unit "${unit}"; use one of ${UNIT_LIST}` }];
  }
  const found = findFactorBasisConversion(unit, factor.per, hhv);
  if (found === undefined) {
    return [
      {
        path: 'unit',
        message:
          hhv === undefined
            ? `Cannot convert ${unit} to ${factor.per}: ${missingBasisMessage(unit, factor.per)}`
            : `Cannot convert ${unit} to ${factor.per} with an hhv in ${hhv.energy} per ${hhv.per}: ` +
              missingBasisMessage(unit, factor.per),
      },
    ];
  }
  const conversion = found.factorUnitsPerQuantityUnit;
  const weights = GWP_SETS[gwp].values;
  return {
    factor,
    basis: found.basis,
    isEnergyQuantity: isEnergyUnit(unit),
    isCombustionTriple: factor.gasIds.join(' ') === 'CO2 CH4 N2O',
    kgPerQuantityUnit: factor.kgPerFactorUnit.map((kg) => kg * conversion),
    gwpWeights: factor.gasIds.map((gas) => weights[gas]),
    publishedCo2eKgPerQuantityUnit: factor.publishedCo2eKg * conversion,
  };
}

function scopeLabel(scope: Scope): string {
  return `Scope ${scope}`;
}

/**
 * Checks and calculates items one at a time, keeping the conversion plans of library factors per unit, so a
 * batch of records that share factors does the unit and heat-content arithmetic once per factor and unit.
 */
class ItemCalculator {
  private readonly library = new Map<string, LibraryEntry>();
  /** The last inline factor seen: items of one request usually repeat the same few factors in runs. */
  private lastInlineFactor: InlineFactorMemo | undefined;

  constructor(
    private readonly gwp: GwpSetId,
    private readonly factors: FactorLookup,
  ) {}

  /**
   * Checks every item and calculates them while none is bad. The accumulator exists before the loop, so the
   * optimised loop has nothing left to learn after it ends.
   */
  evaluateAll(items: readonly EstimateItem[]): EstimateRun {
    const run: EstimateRun = {
      results: [],
      errors: [],
      invalidCount: 0,
      scope1: 0,
      scope2LocationBased: 0,
      scope2MarketBased: 0,
      scope3: 0,
    };
    const issues: Issue[] = [];
    for (let index = 0; index < items.length; index++) {
      const item = items[index] as EstimateItem;
      const result = this.evaluate(item, run.invalidCount === 0, issues);
      if (issues.length > 0) {
        run.invalidCount++;
        run.errors.push(...toItemErrors(item, `items.${index}`, issues));
        issues.length = 0;
      } else if (result !== undefined) {
        run.results.push(result);
        if (result.scope === 1) run.scope1 += result.co2e;
        else if (result.scope === 3) run.scope3 += result.co2e;
        else if (result.scope2Method === 'market') run.scope2MarketBased += result.co2e;
        else run.scope2LocationBased += result.co2e;
      }
    }
    return run;
  }

  /** Validates the item (every problem goes to `issues`) and, when it is valid and asked to, calculates it. */
  evaluate(item: EstimateItem, shouldCompute: boolean, issues: Issue[]): ItemEmissions | undefined {
    if (!isObject(item)) {
      issues.push({ path: '', message: 'Each item must be an object with id, quantity, unit and factor' });
      return undefined;
    }
    const issueCount = issues.length;
    const { id, quantity } = item;
    if (typeof id !== 'string' || id.length === 0) {
      issues.push({ path: 'id', message: 'Give each item a non-empty string id' });
    }
    if (!isFiniteNumber(quantity)) {
      issues.push({ path: 'quantity', message: 'Quantity must be a finite number' });
    } else if (quantity < 0) {
      issues.push({ path: 'quantity', message: `Quantity must not be negative (got ${quantity})` });
    }
    const plan = this.planFor(item, issues);
    const scope = this.checkScope(item, plan, issues);
    if (issues.length > issueCount || plan === undefined || scope === undefined || !shouldCompute) {
      return undefined;
    }

    const scope2Method = scope === 2 ? (item.scope2Method ?? 'location') : undefined;
    const coverage = scope2Method === 'market' ? (item.certificateCoverage ?? 0) : 0;
    const scaledQuantity = coverage === 0 ? quantity : quantity * (1 - coverage);
    const factor = plan.factor;
    let gases: Partial<Record<GasId, number>>;
    let co2e = 0;
    if (plan.isCombustionTriple) {
      // An object literal (one hidden class) and indexed reads: no keyed stores, no array destructuring.
      const kgPerQuantityUnit = plan.kgPerQuantityUnit;
      const gwpWeights = plan.gwpWeights;
      const CO2 = scaledQuantity * (kgPerQuantityUnit[0] as number);
      const CH4 = scaledQuantity * (kgPerQuantityUnit[1] as number);
      const N2O = scaledQuantity * (kgPerQuantityUnit[2] as number);
      gases = { CO2, CH4, N2O };
      co2e =
        CO2 * (gwpWeights[0] as number) + CH4 * (gwpWeights[1] as number) + N2O * (gwpWeights[2] as number);
    } else if (factor.publishedCo2eGwp === undefined) {
      gases = {};
      const gasIds = factor.gasIds;
      const kgPerQuantityUnit = plan.kgPerQuantityUnit;
      const gwpWeights = plan.gwpWeights;
      for (let index = 0; index < gasIds.length; index++) {
        const mass = scaledQuantity * (kgPerQuantityUnit[index] as number);
        gases[gasIds[index] as GasId] = mass;
        co2e += mass * (gwpWeights[index] as number);
      }
    } else {
      gases = {};
      co2e = scaledQuantity * plan.publishedCo2eKgPerQuantityUnit;
    }
    return {
      id,
      gases,
      co2e,
      scope,
      scope2Method,
      scope3Category:
        scope === 3 ? ((item.scope3Category as Scope3Category | undefined) ?? factor.category) : undefined,
      factorId: factor.id,
      basis: plan.basis,
      isGridAverageFallback: scope2Method === 'market' && factor.electricityBasis === 'grid-average',
      publishedCo2eGwp: factor.publishedCo2eGwp,
    };
  }

  private planFor(item: EstimateItem, issues: Issue[]): ConversionPlan | undefined {
    const factorInput: unknown = item.factor;
    const unit = item.unit;
    if (!isObject(factorInput)) {
      issues.push({
        path: 'factor',
        message: 'Give a factor: {"id": "<library factor id>"} or {"per", "gases", "hhv"}',
      });
      this.checkUnitOnly(unit, issues);
      return undefined;
    }
    let factor: ResolvedFactor | undefined;
    let cachedPlans: Map<string, ConversionPlan | readonly Issue[]> | undefined;
    if (factorInput.id !== undefined) {
      const entry = this.libraryEntry(factorInput.id, issues);
      factor = entry?.factor;
      if (entry !== undefined && factor === undefined) issues.push(...entry.issues);
      if (item.hhv === undefined) cachedPlans = entry?.plans;
    } else {
      const memo = this.lastInlineFactor;
      if (memo !== undefined && matchesSnapshot(factorInput, memo.snapshot)) {
        factor = memo.factor;
        if (item.hhv === undefined) cachedPlans = memo.plans;
      } else {
        factor = resolveFactor(factorInput, undefined, issues);
        if (factor !== undefined) {
          const plans = new Map<string, ConversionPlan | readonly Issue[]>();
          this.lastInlineFactor = { snapshot: snapshotInlineFactor(factorInput), factor, plans };
          if (item.hhv === undefined) cachedPlans = plans;
        }
      }
    }
    const itemHhv = item.hhv === undefined ? undefined : resolveHeatContent(item.hhv, 'hhv', issues);
    if (factor === undefined || (item.hhv !== undefined && itemHhv === undefined)) {
      this.checkUnitOnly(unit, issues);
      return undefined;
    }
    let plan = cachedPlans?.get(unit);
    if (plan === undefined) {
      plan = planConversion(factor, unit, itemHhv ?? factor.hhv, this.gwp);
      cachedPlans?.set(unit, plan);
    }
    if (isIssueList(plan)) {
      issues.push(...plan);
      return undefined;
    }
    const calorificBasis = item.calorificBasis;
    if (calorificBasis !== undefined) {
      if (!CALORIFIC_BASES.includes(calorificBasis)) {
        issues.push({ path: 'calorificBasis', message: 'calorificBasis must be gross or net' });
      } else if (
        factor.calorificBasis !== undefined &&
        factor.calorificBasis !== calorificBasis &&
        (plan.isEnergyQuantity || item.hhv !== undefined)
      ) {
        issues.push({
          path: 'calorificBasis',
          message:
            `The factor is on a ${factor.calorificBasis} calorific basis and the quantity on a ${calorificBasis} ` +
            `basis: convert the quantity to ${factor.calorificBasis} calorific value or choose a factor ` +
            `published on a ${calorificBasis} basis`,
        });
      }
    }
    return plan;
  }

  private checkUnitOnly(unit: unknown, issues: Issue[]): void {
    if (typeof unit !== 'string' || !isUnit(unit)) {
      issues.push({ path: 'unit', message: `Unknown unit "${String(unit)}"; use one of ${UNIT_LIST}` });
    }
  }

  private libraryEntry(id: unknown, issues: Issue[]): LibraryEntry | undefined {
    if (typeof id !== 'string') {
      issues.push({ path: 'factor.id', message: 'The factor id must be a string' });
      return undefined;
    }
    // The lookup is asked every time and a plan is reused only for the very same factor object, so a realm
    // library that gains, retires or replaces factors between calls is always seen as it is now.
    const published: EmissionFactor | undefined = this.factors.get(id);
    if (published === undefined) {
      issues.push({ path: 'factor.id', message: `Unknown emission factor "${id}"` });
      return undefined;
    }
    let entry = this.library.get(id);
    if (entry === undefined || entry.source !== published) {
      const factorIssues: Issue[] = [];
      const factor = resolveFactor(published as unknown as Record<string, unknown>, id, factorIssues);
      entry = {
        source: published,
        factor,
        issues: factorIssues.map((issue) => ({
          path: 'factor.id',
          message: `Factor "${id}" is unusable: ${issue.message}`,
        })),
        plans: new Map(),
      };
      this.library.set(id, entry);
    }
    return entry;
  }

  /** Scope rules: which scope applies, and which Scope 2 and Scope 3 fields it allows. */
  private checkScope(
    item: EstimateItem,
    plan: ConversionPlan | undefined,
    issues: Issue[],
  ): Scope | undefined {
    const requested = item.scope;
    if (requested !== undefined && !isScope(requested)) {
      issues.push({ path: 'scope', message: 'Scope must be 1, 2 or 3' });
      return undefined;
    }
    const scope = requested ?? plan?.factor.scope;
    if (scope === undefined) {
      if (plan !== undefined) {
        issues.push({ path: 'scope', message: 'Give the scope (1, 2 or 3) of an item with its own factor' });
      }
      return undefined;
    }
    const { scope2Method, certificateCoverage, scope3Category } = item;
    if (scope2Method !== undefined) {
      if (scope2Method !== 'location' && scope2Method !== 'market') {
        issues.push({ path: 'scope2Method', message: 'scope2Method must be "location" or "market"' });
      } else if (scope !== 2) {
        issues.push({
          path: 'scope2Method',
          message: `scope2Method applies only to Scope 2 items; this item is ${scopeLabel(scope)}`,
        });
      }
    }
    if (certificateCoverage !== undefined) {
      if (!isFiniteNumber(certificateCoverage) || certificateCoverage < 0 || certificateCoverage > 1) {
        issues.push({
          path: 'certificateCoverage',
          message: `certificateCoverage must be a share between 0 and 1 (got ${String(certificateCoverage)})`,
        });
      } else if (scope !== 2) {
        issues.push({
          path: 'certificateCoverage',
          message: `certificateCoverage applies only to Scope 2 items; this item is ${scopeLabel(scope)}`,
        });
      } else if (scope2Method === undefined) {
        issues.push({
          path: 'certificateCoverage',
          message:
            'Set scope2Method to "market" to apply certificateCoverage (location-based results ignore certificates)',
        });
      }
    }
    const electricityBasis = plan?.factor.electricityBasis;
    if (
      scope === 2 &&
      (scope2Method ?? 'location') === 'location' &&
      (electricityBasis === 'residual-mix' || electricityBasis === 'supplier-specific')
    ) {
      issues.push({
        path: 'factor',
        message: `Location-based Scope 2 needs a grid-average factor; this is a ${electricityBasis} factor (use it market-based)`,
      });
    }
    if (scope3Category !== undefined) {
      if (!isScope3Category(scope3Category)) {
        issues.push({
          path: 'scope3Category',
          message: 'scope3Category must be a whole number from 1 to 15',
        });
      } else if (scope !== 3) {
        issues.push({
          path: 'scope3Category',
          message: `scope3Category applies only to Scope 3 items; this item is ${scopeLabel(scope)}`,
        });
      }
    }
    return scope;
  }
}

function itemIdOf(item: unknown): string | null {
  return isObject(item) && typeof item.id === 'string' ? item.id : null;
}

/** Turns item-relative issues into errors; `prefix` locates the item in the request (`items.3`). */
function toItemErrors(item: unknown, prefix: string, issues: readonly Issue[]): ItemError[] {
  const id = itemIdOf(item);
  return issues.map((issue) => ({
    id,
    path: prefix === '' || issue.path === '' ? prefix + issue.path : `${prefix}.${issue.path}`,
    message: issue.message,
  }));
}

/**
 * Calculators are kept per factor lookup and GWP set, so their factor plans carry over from one call to the
 * next and the JIT-compiled loop is not thrown away with per-call objects (V8 deoptimises code whose
 * embedded objects die). Callers should therefore reuse one lookup per realm rather than build one per call.
 */
const calculators = new WeakMap<FactorLookup, Map<GwpSetId, ItemCalculator>>();

function calculatorFor(gwp: GwpSetId, factors: FactorLookup): ItemCalculator {
  let byGwp = calculators.get(factors);
  if (byGwp === undefined) {
    byGwp = new Map();
    calculators.set(factors, byGwp);
  }
  let calculator = byGwp.get(gwp);
  if (calculator === undefined) {
    calculator = new ItemCalculator(gwp, factors);
    byGwp.set(gwp, calculator);
  }
  return calculator;
}

export interface ItemCalculatorHandle {
  readonly gwp: GwpSetId;
  /** Calculates one item; error paths are relative to the item (`quantity`, `factor.gases.CH4.unit`). */
  calculate(item: EstimateItem): ItemCalculation;
}

/** A calculator for many single items (bulk recalculation, record saves) that shares factor plans across them. */
export function createItemCalculator(gwp: GwpSetId, options: CalculationOptions = {}): ItemCalculatorHandle {
  const calculator = calculatorFor(gwp, options.factors ?? FACTOR_LIBRARY_BY_ID);
  return {
    gwp,
    calculate(item) {
      const issues: Issue[] = [];
      const result = calculator.evaluate(item, true, issues);
      if (result !== undefined) return { ok: true, result };
      return { ok: false, errors: toItemErrors(item, '', issues) };
    },
  };
}

export function calculateItem(
  item: EstimateItem,
  gwp: GwpSetId,
  options: CalculationOptions = {},
): ItemCalculation {
  return createItemCalculator(gwp, options).calculate(item);
}

function invalidItemsMessage(invalidCount: number, total: number): string {
  const verb = invalidCount === 1 ? 'is' : 'are';
  return `Nothing was calculated: ${invalidCount} of ${total} items ${verb} invalid`;
}

/**
 * The estimate API's engine: all items are checked and every problem is reported with its item id and path;
 * only when none is bad are results returned. Each item is computed in the same pass it is checked in, and
 * computing stops at the first bad item.
 */
export function estimate(request: EstimateRequest, options: CalculationOptions = {}): EstimateOutcome {
  const { gwp, items } = request;
  const requestErrors: ItemError[] = [];
  if (!isGwpSetId(gwp)) {
    requestErrors.push({ id: null, path: 'gwp', message: `gwp must be one of ${GWP_SET_IDS.join(', ')}` });
  }
  if (!Array.isArray(items)) {
    requestErrors.push({ id: null, path: 'items', message: 'items must be an array' });
  } else if (items.length > MAX_ESTIMATE_ITEMS) {
    requestErrors.push({
      id: null,
      path: 'items',
      message: `Send at most ${MAX_ESTIMATE_ITEMS} items per estimate (got ${items.length})`,
    });
  }
  if (requestErrors.length > 0) {
    return { ok: false, message: 'Nothing was calculated: the request is invalid', items: requestErrors };
  }

  const run = calculatorFor(gwp, options.factors ?? FACTOR_LIBRARY_BY_ID).evaluateAll(items);
  if (run.invalidCount > 0) {
    return { ok: false, message: invalidItemsMessage(run.invalidCount, items.length), items: run.errors };
  }
  const { scope1, scope2LocationBased, scope2MarketBased, scope3 } = run;
  return {
    ok: true,
    gwp,
    items: run.results,
    totals: {
      co2e: scope1 + scope2LocationBased + scope2MarketBased + scope3,
      scope1,
      scope2LocationBased,
      scope2MarketBased,
      scope3,
    },
  };
}

import {
  FACTOR_LIBRARY_BY_ID,
  type EmissionFactor,
  type FactorLookup,
  type Scope3Category,
} from '../factor-library.ts';
import type { GasId, GwpSetId } from '../gwp.ts';
import type {
  CalculationOptions,
  EstimateItem,
  ItemCalculation,
  ItemEmissions,
  ItemError,
} from './calculation-types.ts';
import { isIssueList, planConversion, type ConversionPlan } from './conversion-plan.ts';
import { matchesSnapshot, snapshotInlineFactor, type InlineFactorMemo } from './inline-factor-memo.ts';
import {
  CALORIFIC_BASES,
  UNIT_LIST,
  isFiniteNumber,
  isObject,
  toItemErrors,
  type Issue,
} from './input-checks.ts';
import { resolveFactor, resolveHeatContent, type ResolvedFactor } from './resolve-factor.ts';
import { checkScope } from './scope-rules.ts';
import { isUnit } from '../units.ts';

export interface EstimateRun {
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

/**
 * Checks and calculates items one at a time, keeping the conversion plans of library factors per unit, so a
 * batch of records that share factors does the unit and heat-content arithmetic once per factor and unit.
 */
export class ItemCalculator {
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
    const scope = checkScope(item, plan, issues);
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
}

/**
 * Calculators are kept per factor lookup and GWP set, so their factor plans carry over from one call to the
 * next and the JIT-compiled loop is not thrown away with per-call objects (V8 deoptimises code whose
 * embedded objects die). Callers should therefore reuse one lookup per realm rather than build one per call.
 */
const calculators = new WeakMap<FactorLookup, Map<GwpSetId, ItemCalculator>>();

export function calculatorFor(gwp: GwpSetId, factors: FactorLookup): ItemCalculator {
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

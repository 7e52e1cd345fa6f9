import type { Scope } from '../factor-library.ts';
import type { EstimateItem } from './calculation-types.ts';
import type { ConversionPlan } from './conversion-plan.ts';
import { isFiniteNumber, isScope, isScope3Category, type Issue } from './input-checks.ts';

function scopeLabel(scope: Scope): string {
  return `Scope ${scope}`;
}

/** Scope rules: which scope applies, and which Scope 2 and Scope 3 fields it allows. */
export function checkScope(
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

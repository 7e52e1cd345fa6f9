import type { CalorificBasis, ElectricityBasis, Scope, Scope3Category } from '../factor-library.ts';
import { GAS_IDS } from '../gwp.ts';
import { UNITS, isEnergyUnit, unitsOfDimension } from '../units.ts';
import type { ItemError } from './calculation-types.ts';

export const SCOPE3_CATEGORY_COUNT = 15;
export const ELECTRICITY_BASES: readonly ElectricityBasis[] = [
  'grid-average',
  'residual-mix',
  'supplier-specific',
];
export const CALORIFIC_BASES: readonly CalorificBasis[] = ['gross', 'net'];
export const GAS_LIST = GAS_IDS.join(', ');
export const UNIT_LIST = UNITS.join(', ');
export const MASS_UNIT_LIST = unitsOfDimension('mass').join(', ');
export const ENERGY_UNIT_LIST = unitsOfDimension('energy').join(', ');
export const NON_ENERGY_UNIT_LIST = UNITS.filter((unit) => !isEnergyUnit(unit)).join(', ');

/** A problem with one item, its path relative to the item. */
export interface Issue {
  readonly path: string;
  readonly message: string;
}

export function isFiniteNumber(value: unknown): value is number {
  return typeof value === 'number' && Number.isFinite(value);
}

export function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

export function isScope(value: unknown): value is Scope {
  return value === 1 || value === 2 || value === 3;
}

export function isScope3Category(value: unknown): value is Scope3Category {
  return Number.isInteger(value) && (value as number) >= 1 && (value as number) <= SCOPE3_CATEGORY_COUNT;
}

function itemIdOf(item: unknown): string | null {
  return isObject(item) && typeof item.id === 'string' ? item.id : null;
}

/** Turns item-relative issues into errors; `prefix` locates the item in the request (`items.3`). */
export function toItemErrors(item: unknown, prefix: string, issues: readonly Issue[]): ItemError[] {
  const id = itemIdOf(item);
  return issues.map((issue) => ({
    id,
    path: prefix === '' || issue.path === '' ? prefix + issue.path : `${prefix}.${issue.path}`,
    message: issue.message,
  }));
}

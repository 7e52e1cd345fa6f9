import { z } from './zod.ts';

/** Plan values of spec section 3, in the order the specification lists them. */
export const PLANS = [
  'simple',
  'cot',
  'paid',
  'EQT',
  'CRUST',
  'UPPER_MANTLE',
  'LOWER_MANTLE',
  'MANTLE',
  'OUTER_CORE',
  'INNER_CORE',
  'CORE',
] as const;
export type Plan = (typeof PLANS)[number];
export const planSchema = z.enum(PLANS);

/** Display names used when telling a user which plans include a feature. */
export const PLAN_LABELS: Record<Plan, string> = {
  simple: 'Simple',
  cot: 'COT',
  paid: 'Paid',
  EQT: 'EQT',
  CRUST: 'Crust',
  UPPER_MANTLE: 'Upper mantle',
  LOWER_MANTLE: 'Lower mantle',
  MANTLE: 'Mantle',
  OUTER_CORE: 'Outer core',
  INNER_CORE: 'Inner core',
  CORE: 'Core',
};

export function isPlan(value: unknown): value is Plan {
  return typeof value === 'string' && (PLANS as readonly string[]).includes(value);
}

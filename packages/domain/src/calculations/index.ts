export * from './calculation-diagnostic.ts';
export { CALCULATION_FUNCTIONS } from './calculation-functions.ts';
export * from './calculation-limits.ts';
export { describeToken, parseFormula, type ParsedFormula } from './calculation-parser.ts';
export * from './calculation-types.ts';
export { compileFormula } from './compile-formula.ts';
export { roundHalfAwayFromZero } from './evaluation-values.ts';
export * from './print-formula.ts';
export * from './syntax-tree.ts';

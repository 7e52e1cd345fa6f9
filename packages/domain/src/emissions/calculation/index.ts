export * from './calculation-types.ts';
export { calculateItem, createItemCalculator, type ItemCalculatorHandle } from './item-calculator.ts';
export { estimate } from './estimate.ts';

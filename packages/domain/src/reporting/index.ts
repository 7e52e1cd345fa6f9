export * from './inventory.ts';
export * from './change-reasons.ts';
export * from './reported-emissions.ts';
export * from './base-year-recalculation.ts';

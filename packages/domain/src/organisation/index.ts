export * from './business-unit-roll-up.ts';
export * from './business-unit-tree.ts';
export * from './consolidation.ts';
export * from './intensity-denominators.ts';
export * from './reporting-year.ts';

export * from './calculate.ts';
export * from './factor-library.ts';
export * from './gwp.ts';
export * from './market-based-factor.ts';
export * from './recalculate.ts';
export * from './units.ts';

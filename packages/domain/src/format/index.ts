export * from './format-mass.ts';

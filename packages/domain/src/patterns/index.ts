export * from './linear-pattern.ts';

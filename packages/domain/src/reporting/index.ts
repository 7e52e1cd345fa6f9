export * from './inventory.ts';
export * from './change-reasons.ts';

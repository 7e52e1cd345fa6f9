export * from './inventory.ts';
export * from './change-reasons.ts';
export * from './reported-emissions.ts';

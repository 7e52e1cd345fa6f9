export { TIME, WEEK_STARTS_ON } from '@ecc/contracts';
export * from './date-range.ts';
export * from './format-date.ts';
export * from './format-mass.ts';
export * from './format-number.ts';
export * from './format-quantity.ts';
export * from './locale-cookie.ts';
export * from './to-date.ts';
export * from './truncate.ts';

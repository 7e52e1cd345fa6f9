import './zod-error-map.ts';

export * from './api-error.ts';
export * from './application-config.ts';
export * from './auth.ts';
export * from './color.ts';
export * from './constants.ts';
export * from './feature-flag.ts';
export * from './messages.ts';
export * from './plans.ts';
export * from './realm.ts';
export * from './route-access.ts';
export * from './routes.ts';
export * from './theme.ts';
export * from './validation.ts';
export * from './zod-error-map.ts';

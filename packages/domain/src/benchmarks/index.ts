export * from './benchmark-facility.ts';
export * from './peer-statistics.ts';
export * from './size-bands.ts';

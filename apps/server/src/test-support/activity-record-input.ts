/** A month of boiler diesel on a library factor: a record any realm can write, for tests of what a write changes. */
export const DIESEL_RECORD = {
  activityType: 'Boiler diesel',
  periodStart: '2025-03-01',
  periodEnd: '2025-03-31',
  quantity: 1000,
  unit: 'gal',
  factorKey: 'epa-c1-distillate-fuel-oil-no-2',
  scope: 1,
  isEstimated: false,
};

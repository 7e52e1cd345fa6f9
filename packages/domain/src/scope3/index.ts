export * from './data-quality-score.ts';
export * from './eeio-factor-table.ts';
export * from './library-factor-defaults.ts';
export * from './price-index.ts';
export * from './spend-rows.ts';

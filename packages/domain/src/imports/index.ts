export * from './ghgrp-direct-emitters.ts';
export * from './import-format.ts';
export * from './import-table.ts';
export * from './parse-csv.ts';
export * from './suggest-activity-mapping.ts';
export * from './suggest-facility-mapping.ts';
export * from './validate-activity-rows.ts';
export * from './validate-facility-rows.ts';

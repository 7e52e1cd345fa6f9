export * from './factor-reference.ts';
export * from './ghgrp-direct-emitters.ts';
export * from './import-table.ts';
export * from './parse-csv.ts';
export * from './suggest-activity-mapping.ts';
export * from './validate-activity-rows.ts';

export * from './built-in-equipment-types.ts';
export * from './equipment-catalogue.ts';
export * from './equipment-schema-builder.ts';
export * from './validate-equipment-properties.ts';

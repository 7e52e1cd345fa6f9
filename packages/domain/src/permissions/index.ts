export * from './ability-rule.ts';
export * from './build-ability.ts';
export * from './grant-pattern.ts';
export * from './grants-to-rules.ts';
export * from './is-operator-realm.ts';
export * from './load-ability-rules.ts';
export * from './permission.ts';
export * from './realm-tree.ts';

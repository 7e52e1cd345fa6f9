export * from './assemble-graph.ts';
export * from './graph-relations.ts';

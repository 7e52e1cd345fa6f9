export * from './assemble-graph.ts';
export * from './graph-relations.ts';
export * from './find-graph-path.ts';

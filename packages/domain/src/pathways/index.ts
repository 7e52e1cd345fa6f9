export * from './evaluate-plan.ts';
export * from './optimizer-input.ts';
export * from './optimizer-model.ts';
export * from './trajectory.ts';
export * from './macc.ts';
export * from './measures.ts';
export * from './starter-measures.ts';

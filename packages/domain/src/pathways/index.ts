export * from './evaluate-plan.ts';
export * from './optimizer-input.ts';
export * from './optimizer-model.ts';
export * from './trajectory.ts';
export * from './projection.ts';
export * from './target-gap.ts';

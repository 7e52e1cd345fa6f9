export * from './match-names.ts';
export * from './plan-question.ts';
export * from './write-answer.ts';
export * from './check-model-answer.ts';

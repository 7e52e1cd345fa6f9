export * from './drakon-diagram.ts';
export * from './drakon-edits.ts';
export * from './drakon-layout.ts';

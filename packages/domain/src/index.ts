export * from './cron/describe-cron.ts';
export * from './cron/validate-cron.ts';
export * from './user-agent/is-bot-user-agent.ts';
export * from './emissions/index.ts';
export * from './permissions/index.ts';
export * from './equipment/index.ts';
export * from './imports/index.ts';
export * from './patterns/index.ts';

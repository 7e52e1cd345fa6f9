// The one way tests start a PostgreSQL server of their own (as `npm test` does for its PostgreSQL run).
export { startThrowawayPostgres } from '../../../../scripts/test-support/postgres-server.mjs';

import { defineConfig } from 'drizzle-kit';

// drizzle-kit demands a default export. One migration set serves PGlite and PostgreSQL alike.
export default defineConfig({
  dialect: 'postgresql',
  schema: './src/schema.ts',
  out: './migrations',
});

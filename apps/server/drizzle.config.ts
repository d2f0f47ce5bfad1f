import { defineConfig } from 'drizzle-kit';

// Only used to generate SQL migrations from the schema; they are applied at start by the app.
export default defineConfig({
  dialect: 'postgresql',
  schema: './src/db/schema/index.ts',
  out: './src/db/migrations',
});

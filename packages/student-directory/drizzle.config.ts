import { defineConfig } from 'drizzle-kit';

/** Only for this package's own tests: each service generates the table in its migrations. */
export default defineConfig({
  dialect: 'postgresql',
  schema: './src/student-directory-schema.ts',
  out: './src/test-migrations',
});

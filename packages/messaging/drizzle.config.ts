import { defineConfig } from 'drizzle-kit';

/** Only for this package's own tests: services generate these tables in their migrations. */
export default defineConfig({
  dialect: 'postgresql',
  schema: './src/outbox/outbox-schema.ts',
  out: './src/test-migrations',
});

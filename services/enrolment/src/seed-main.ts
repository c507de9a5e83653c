import { createDatabase, ensureDatabase, runMigrations } from '@cuota/service-runtime/db/database';
import { readServiceConfig } from '@cuota/service-host/service-config';
import { enrolmentService } from './enrolment-service';
import * as schema from './schema';
import { seedDemoSchool } from './seed/demo-school';

/** Migrates enrolment's database, seeds the demo school once, prints who to sign in as. */
async function main() {
  const { databaseUrl } = readServiceConfig({ PORT: '1', ...process.env });
  await ensureDatabase(databaseUrl);
  const db = createDatabase(databaseUrl, schema, 2);
  await runMigrations(db, enrolmentService.migrationsFolder);
  const access = await seedDemoSchool(db);
  await db.$client.end();
  process.stdout.write(`${JSON.stringify(access)}\n`);
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});

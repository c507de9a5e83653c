import { z } from 'zod';
import { readEnv } from '@cuota/service-runtime/config/read-env';
import { createDatabase, ensureDatabase, runMigrations } from '@cuota/service-runtime/db/database';
import { INVOICING_MIGRATIONS } from './invoicing-service';
import * as schema from './schema';
import { SecretBox } from './secrets/secret-box';
import {
  demoTaxpayers,
  registerInPacSandbox,
  seedDemoFiscalEntity,
} from './seed/demo-fiscal-entity';

const envSchema = z.object({
  DATABASE_URL: z.url(),
  INVOICING_SECRETS_KEY: z.string().min(1),
  /** The demo school's id, as enrolment's seed prints it (school_id). */
  DEMO_SCHOOL_ID: z.uuid(),
  /** When set, the PAC sandbox whose registry learns the school and the demo families. */
  PAC_SANDBOX_URL: z.url().optional(),
});

/**
 * Migrates invoicing's database and gives the demo school its fiscal entity and a demo CSD
 * (once). With PAC_SANDBOX_URL, also registers in the sandbox the school and every demo
 * family invoicing knows with complete fiscal data (run it again once enrolment's events
 * have arrived). Prints one JSON line.
 */
async function main() {
  const env = readEnv(envSchema);
  await ensureDatabase(env.DATABASE_URL);
  const db = createDatabase(env.DATABASE_URL, schema, 2);
  try {
    await runMigrations(db, INVOICING_MIGRATIONS);
    const box = new SecretBox(env.INVOICING_SECRETS_KEY);
    const fiscalEntity = await seedDemoFiscalEntity(db, box, env.DEMO_SCHOOL_ID);
    const taxpayers = env.PAC_SANDBOX_URL ? await demoTaxpayers(db, env.DEMO_SCHOOL_ID) : [];
    if (env.PAC_SANDBOX_URL) await registerInPacSandbox(env.PAC_SANDBOX_URL, taxpayers);
    process.stdout.write(
      `${JSON.stringify({ fiscal_entity: fiscalEntity, pac_taxpayers_registered: taxpayers.length })}\n`,
    );
  } finally {
    await db.$client.end();
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});

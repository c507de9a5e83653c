import { z } from 'zod';
import { readEnv } from '@cuota/service-runtime/config/read-env';
import { createDatabase, ensureDatabase, runMigrations } from '@cuota/service-runtime/db/database';
import * as schema from './schema';
import { parseSecretsKey, SecretBox } from './secrets/secret-box';
import { DEMO_MERCHANT, registerInGatewaySandbox, seedDemoMerchant } from './seed/demo-merchant';
import { PAYMENTS_MIGRATIONS } from './payments-service';

const envSchema = z.object({
  DATABASE_URL: z.url(),
  PAYMENTS_SECRETS_KEY: z.string().min(1),
  /** The demo school's id, as enrolment's seed prints it (school_id). */
  DEMO_SCHOOL_ID: z.uuid(),
  DEMO_SCHOOL_NAME: z.string().min(1).default('Colegio Cuota Demo'),
  GATEWAY_WEBHOOK_SECRET: z.string().min(8).default(DEMO_MERCHANT.webhookSecret),
  /** With both, the gateway sandbox learns the merchant and where to send its webhooks. */
  KUSHKI_SANDBOX_URL: z.url().optional(),
  GATEWAY_WEBHOOK_URL: z.url().optional(),
});

/**
 * Migrates payments' database and gives the demo school its sandbox merchant credentials
 * (sealed); optionally registers the merchant in the gateway sandbox. Prints one JSON line.
 */
async function main() {
  const env = readEnv(envSchema);
  await ensureDatabase(env.DATABASE_URL);
  const db = createDatabase(env.DATABASE_URL, schema, 2);
  try {
    await runMigrations(db, PAYMENTS_MIGRATIONS);
    const box = new SecretBox(parseSecretsKey(env.PAYMENTS_SECRETS_KEY));
    await seedDemoMerchant(db, box, {
      schoolId: env.DEMO_SCHOOL_ID,
      schoolName: env.DEMO_SCHOOL_NAME,
      webhookSecret: env.GATEWAY_WEBHOOK_SECRET,
    });
    const register = env.KUSHKI_SANDBOX_URL && env.GATEWAY_WEBHOOK_URL;
    if (register)
      await registerInGatewaySandbox(
        env.KUSHKI_SANDBOX_URL!,
        env.GATEWAY_WEBHOOK_URL!,
        env.GATEWAY_WEBHOOK_SECRET,
      );
    process.stdout.write(
      `${JSON.stringify({
        school_id: env.DEMO_SCHOOL_ID,
        public_merchant_id: DEMO_MERCHANT.publicMerchantId,
        environment: 'sandbox',
        sandbox_registered: Boolean(register),
      })}\n`,
    );
  } finally {
    await db.$client.end();
  }
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});

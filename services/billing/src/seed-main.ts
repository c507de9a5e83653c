import path from 'node:path';
import { z } from 'zod';
import { readEnv } from '@cuota/service-runtime/config/read-env';
import { createDatabase, ensureDatabase, runMigrations } from '@cuota/service-runtime/db/database';
import type { BillingDb } from './billing-db';
import { mexicoCityDate } from '@cuota/service-runtime/time/mexico-city-date';
import * as schema from './schema';
import { seedDemoBilling } from './seed/demo-billing';
import { seedDemoStore } from './store/demo-store';
import { studentCountOfSchool } from '@cuota/student-directory/student-directory-repository';

const envSchema = z.object({
  DATABASE_URL: z.url(),
  /** The demo school's id, as enrolment's seed prints it (school_id). */
  DEMO_SCHOOL_ID: z.uuid(),
});

const WAIT_MS = 60_000;
const POLL_MS = 500;

/** Waits until billing's consumer has caught up with enrolment: students, and no change. */
async function waitForDirectory(db: BillingDb, schoolId: string): Promise<number> {
  const deadline = Date.now() + WAIT_MS;
  let last = -1;
  for (;;) {
    const size = await studentCountOfSchool(db, schoolId);
    if (size > 0 && size === last) return size;
    if (Date.now() > deadline)
      throw new Error(`billing's directory has ${size} students of the demo school`);
    last = size;
    await new Promise((r) => setTimeout(r, POLL_MS));
  }
}

/**
 * Gives the demo school concepts and billed orders (once), after billing's directory holds
 * its students. Billing's running service relays the events. Prints one JSON line.
 */
async function main() {
  const env = readEnv(envSchema);
  await ensureDatabase(env.DATABASE_URL);
  const db = createDatabase(env.DATABASE_URL, schema, 2);
  try {
    await runMigrations(db, path.resolve(__dirname, '../drizzle'));
    const students = await waitForDirectory(db, env.DEMO_SCHOOL_ID);
    const seeded = await seedDemoBilling(db, env.DEMO_SCHOOL_ID, mexicoCityDate(new Date()));
    const store = await seedDemoStore(db, env.DEMO_SCHOOL_ID);
    process.stdout.write(`${JSON.stringify({ students, ...seeded, ...store })}\n`);
  } finally {
    await db.$client.end();
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});

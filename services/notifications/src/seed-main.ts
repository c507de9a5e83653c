import { z } from 'zod';
import { readEnv } from '@cuota/service-runtime/config/read-env';
import { createDatabase, ensureDatabase, runMigrations } from '@cuota/service-runtime/db/database';
import { NOTIFICATIONS_MIGRATIONS } from './notifications-service';
import { DEMO_SCHEDULE } from './reminders/reminder-rules';
import { saveScheduleIfNone } from './reminders/reminder-repository';
import * as schema from './schema';

const envSchema = z.object({
  DATABASE_URL: z.url(),
  /** The demo school's id, as enrolment's seed prints it (school_id). */
  DEMO_SCHOOL_ID: z.uuid(),
});

/**
 * Migrates notifications' database and gives the demo school a reminder schedule by e-mail
 * and WhatsApp (ADR 0103), unless it saved one already: the demo families have phones, so
 * their reminders show in the WhatsApp sandbox too. Prints one JSON line.
 */
async function main() {
  const env = readEnv(envSchema);
  await ensureDatabase(env.DATABASE_URL);
  const db = createDatabase(env.DATABASE_URL, schema, 1);
  try {
    await runMigrations(db, NOTIFICATIONS_MIGRATIONS);
    const saved = await saveScheduleIfNone(db, env.DEMO_SCHOOL_ID, DEMO_SCHEDULE, new Date());
    process.stdout.write(`${JSON.stringify({ reminder_schedule_seeded: saved })}\n`);
  } finally {
    await db.$client.end();
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});

import { createDatabase } from '@cuota/service-runtime/db/database';
import * as schema from './schema';
import { setPlatformOperator } from './staff/staff-user-repository';

const USAGE = 'Uso: npm run operator -- grant|revoke <correo>';

/**
 * `npm run operator -- grant <email>` makes an existing staff user Cuota's platform operator
 * (ADR 0045: the backoffice rows no school role reaches); `revoke` takes it back. Their next
 * sign-in (or session refresh) carries it. DATABASE_URL is enrolment's (default: npm start's).
 */
async function main(): Promise<void> {
  const [action, email] = process.argv.slice(2);
  if ((action !== 'grant' && action !== 'revoke') || !email) {
    console.error(USAGE);
    process.exitCode = 2;
    return;
  }
  const db = createDatabase(
    process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/cuota_enrolment',
    schema,
    1,
  );
  try {
    const user = await setPlatformOperator(db, email, action === 'grant');
    if (!user) {
      console.error(`No hay un usuario del personal con el correo ${email}.`);
      process.exitCode = 1;
      return;
    }
    console.log(
      action === 'grant'
        ? `${user.name} (${user.email}) ahora opera la plataforma.`
        : `${user.name} (${user.email}) ya no opera la plataforma.`,
    );
  } finally {
    await db.$client.end();
  }
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});

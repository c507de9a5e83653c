// `npm start`: the whole product on a seeded demo school, until Ctrl-C.
import { seedDemoPayments } from './demo-payments.ts';
import { startSystem, stateDir, type System } from './system.ts';

function banner(system: System): string {
  const { demo, urls } = system;
  const owner = demo.staff.find((s) => s.role === 'OWNER') ?? demo.staff[0];
  return [
    '',
    'Cuota is running on the demo school.',
    '',
    `  Portal            ${urls.portal}`,
    `  Guardian sign-in  ${urls.guardianLogin}`,
    `                    (${demo.guardian_name}, ${demo.guardian_email}; the code arrives in the mailbox below)`,
    `  Dashboard         ${urls.dashboardLogin}`,
    `                    ${owner?.email} / ${demo.staff_password}  (one user per staff role: ${demo.staff.map((s) => s.email).join(', ')})`,
    `  Operator          ${demo.operator_email} / ${demo.staff_password}  (Cuota's platform operator: the backoffice rows in ${new URL('/api/docs', urls.portal)})`,
    `  Store sign-up     ${new URL(`/store/${demo.school_id}/registro`, urls.portal)}`,
    `                    (signed out: a family's children become leads in Admisiones)`,
    `  School web site   ${urls.schoolSite}  (the demo store embedded: <cuota-store> and iframe)`,
    `  Mailbox           ${urls.mailbox}`,
    `  Card gateway      ${urls.gateway}  (sandbox; test card 5451 9515 7492 5480, any future date, CVV 123)`,
    `  PAC (CFDI)        ${urls.pac}  (sandbox: the invoices it stamped)`,
    `  OIDC (app)        ${urls.oidc}  (sandbox: Google/Apple ID tokens for any e-mail)`,
    `  WhatsApp          ${urls.whatsapp}  (sandbox: the messages sent to families)`,
    `  Twilio/Treble     ${urls.messaging}  (sandbox: POST …/_sandbox/twilio/messages {from})`,
    `  Slack             ${urls.slack}  (sandbox: operations alerts; POST …/_sandbox/press {value})`,
    `  Logs              ${stateDir(system.profile)}/logs/`,
    '',
    'Press Ctrl-C to stop every process.',
    '',
  ].join('\n');
}

/**
 * Only `npm start`'s school gets money received (journeys and benchmarks start it clean),
 * after the banner: the dashboard answers meanwhile, and start-up does not wait for it.
 */
function recordDemoPayments(running: System): void {
  const started = performance.now();
  seedDemoPayments(running.urls.portal, running.demo).then(
    (recorded) => {
      const seconds = ((performance.now() - started) / 1000).toFixed(1);
      if (recorded > 0)
        console.log(`Recorded ${recorded} desk payments of the demo school in ${seconds} s.`);
    },
    (err: unknown) =>
      console.error(`The demo school's payments were not recorded: ${(err as Error).message}`),
  );
}

let system: System | undefined;
let stopping = false;
async function shutdown(code: number) {
  if (stopping) return;
  stopping = true;
  console.log('\nStopping Cuota…');
  await system?.stop();
  process.exit(code);
}
process.on('SIGINT', () => void shutdown(0));
process.on('SIGTERM', () => void shutdown(0));

try {
  console.log('Starting Cuota: checking servers, building, seeding the demo school…');
  system = await startSystem('dev', {
    build: process.env.CUOTA_SKIP_BUILD !== '1',
    echo: process.env.CUOTA_VERBOSE === '1',
  });
  console.log(banner(system));
  recordDemoPayments(system);
} catch (err) {
  console.error(`\n${(err as Error).message}`);
  await shutdown(1);
}

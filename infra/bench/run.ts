// `npm run bench`: starts the system on the bench profile, measures, rewrites
// docs/benchmarks.md. Scenarios live beside this file, one per measured capability.
// BENCH_SCENARIOS=guardian-me,first-load runs only those (comma-separated names below); each
// scenario is imported only when it runs, so one scenario's imports cannot stop the others.
import { PROFILES } from '../launcher/profiles.ts';
import { clearRedisKeys } from '../launcher/reset-state.ts';
import { startSystem } from '../launcher/system.ts';

const chosen = process.env.BENCH_SCENARIOS?.split(',').map((s) => s.trim());
const wanted = (name: string) => !chosen || chosen.includes(name);

// CPU-bound and needs no running system: measured before anything else starts.
if (wanted('cfdi')) await (await import('./cfdi-scenario.ts')).cfdiScenario();

// Fresh sign-in budgets each run: the guardian's code e-mails are limited to 5 an hour.
await clearRedisKeys(PROFILES.bench);
const system = await startSystem('bench', { build: process.env.CUOTA_SKIP_BUILD !== '1' });
try {
  if (wanted('event-latency'))
    await (await import('./event-latency-scenario.ts')).eventLatencyScenario(system);
  if (wanted('guardian-me'))
    await (await import('./guardian-me-scenario.ts')).guardianMeScenario(system);
  if (wanted('proxied-reads'))
    await (await import('./proxied-reads-scenario.ts')).proxiedReadsScenario(system);
  if (wanted('first-load'))
    await (await import('./first-load-scenario.ts')).firstLoadScenario(system);
  if (wanted('students-scale'))
    await (await import('./students-scale-scenario.ts')).studentsScaleScenario(system);
  // In-process payments against its own gateway sandbox: needs only the build above.
  if (wanted('payments-checkout'))
    await (await import('./payments-checkout-scenario.ts')).paymentsCheckoutScenario();
  // Billing's own process on a throwaway database: needs only the build above.
  if (wanted('billing-scale'))
    await (await import('./billing-scale-scenario.ts')).billingScaleScenario();
  if (wanted('figures-scale'))
    await (await import('./figures-scale-scenario.ts')).figuresScaleScenario();
  if (wanted('billing-massive-scholarship'))
    await (await import('./massive-scholarship-scenario.ts')).massiveScholarshipScenario();
  if (wanted('store-reservation'))
    await (await import('./store-reservation-scenario.ts')).storeReservationScenario();
  // Notifications' planner and senders on a throwaway database with their own sandboxes.
  if (wanted('notifications-reminders'))
    await (await import('./reminders-scenario.ts')).remindersScenario();
} finally {
  await system.stop();
}

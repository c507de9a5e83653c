// `npm run bench`: starts the system on the bench profile, measures, rewrites
// docs/benchmarks.md. Scenarios live beside this file, one per measured capability.
// `npm run bench -- guardian-me first-load` (or BENCH_SCENARIOS=guardian-me,first-load) runs
// only those (names below); each scenario is imported only when it runs, so one scenario's
// imports cannot stop the others. `soak` (15 minutes) runs only when named.
import { PROFILES } from '../launcher/profiles.ts';
import { clearRedisKeys } from '../launcher/reset-state.ts';
import { startSystem } from '../launcher/system.ts';

const names = process.env.BENCH_SCENARIOS ?? process.argv.slice(2).join(',');
const chosen = names ? names.split(',').map((s) => s.trim()) : undefined;
const wanted = (name: string) => !chosen || chosen.includes(name);
/** Scenarios that bring up what they measure themselves: no bench system for them. */
const OWN_SYSTEM = ['cfdi', 'scale-out'];

// CPU-bound and needs no running system: measured before anything else starts.
if (wanted('cfdi')) await (await import('./cfdi-scenario.ts')).cfdiScenario();
// Its own cluster on network namespaces (root only), on dev's ports inside them.
if (wanted('scale-out')) await (await import('./scale-out-scenario.ts')).scaleOutScenario();
if (!chosen?.every((name) => OWN_SYSTEM.includes(name))) await onBenchSystem();

async function onBenchSystem(): Promise<void> {
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
    if (wanted('embed-first-load'))
      await (await import('./embed-first-load-scenario.ts')).embedFirstLoadScenario(system);
    if (wanted('students-scale'))
      await (await import('./students-scale-scenario.ts')).studentsScaleScenario(system);
    // In-process payments against its own gateway sandbox: needs only the build above.
    if (wanted('payments-checkout'))
      await (await import('./payments-checkout-scenario.ts')).paymentsCheckoutScenario();
    // Billing's own process on a throwaway database: needs only the build above.
    if (wanted('billing-scale'))
      await (await import('./billing-scale-scenario.ts')).billingScaleScenario();
    // Invoicing's own process on a throwaway database: needs only the build above.
    if (wanted('invoicing-ppd-reads'))
      await (await import('./invoicing-ppd-scenario.ts')).invoicingPpdScenario();
    if (wanted('figures-scale'))
      await (await import('./figures-scale-scenario.ts')).figuresScaleScenario();
    if (wanted('billing-massive-scholarship'))
      await (await import('./massive-scholarship-scenario.ts')).massiveScholarshipScenario();
    if (wanted('store-reservation'))
      await (await import('./store-reservation-scenario.ts')).storeReservationScenario();
    // Notifications' planner and senders on a throwaway database with their own sandboxes.
    if (wanted('notifications-reminders'))
      await (await import('./reminders-scenario.ts')).remindersScenario();
    if (chosen?.includes('soak')) await (await import('./soak-scenario.ts')).soakScenario(system);
  } finally {
    await system.stop();
  }
}

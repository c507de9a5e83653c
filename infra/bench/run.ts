// `npm run bench`: starts the system on the bench profile, measures, rewrites
// docs/benchmarks.md. Scenarios live beside this file, one per measured capability.
import { PROFILES } from '../launcher/profiles.ts';
import { clearRedisKeys } from '../launcher/reset-state.ts';
import { startSystem } from '../launcher/system.ts';
import { billingScaleScenario } from './billing-scale-scenario.ts';
import { cfdiScenario } from './cfdi-scenario.ts';
import { eventLatencyScenario } from './event-latency-scenario.ts';
import { guardianMeScenario } from './guardian-me-scenario.ts';
import { paymentsCheckoutScenario } from './payments-checkout-scenario.ts';
import { studentsScaleScenario } from './students-scale-scenario.ts';

// CPU-bound and needs no running system: measured before anything else starts.
await cfdiScenario();

// Fresh sign-in budgets each run: the guardian's code e-mails are limited to 5 an hour.
await clearRedisKeys(PROFILES.bench);
const system = await startSystem('bench', { build: process.env.CUOTA_SKIP_BUILD !== '1' });
try {
  await eventLatencyScenario(system);
  await guardianMeScenario(system);
  await studentsScaleScenario(system);
  // In-process payments against its own gateway sandbox: needs only the build above.
  await paymentsCheckoutScenario();
  // Billing's own process on a throwaway database: needs only the build above.
  await billingScaleScenario();
} finally {
  await system.stop();
}

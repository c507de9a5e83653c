// `npm run bench`: starts the system on the bench profile, measures, rewrites
// docs/benchmarks.md. Scenarios live beside this file, one per measured capability.
import { startSystem } from '../launcher/system.ts';
import { guardianMeScenario } from './guardian-me-scenario.ts';
import { studentsScaleScenario } from './students-scale-scenario.ts';

const system = await startSystem('bench', { build: process.env.CUOTA_SKIP_BUILD !== '1' });
try {
  await guardianMeScenario(system);
  await studentsScaleScenario(system);
} finally {
  await system.stop();
}

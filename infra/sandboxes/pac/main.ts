import fs from 'node:fs';
import { startPacSandbox } from './pac-sandbox.ts';
import type { Taxpayer } from './pac-state.ts';

const env = process.env;

/** PAC_SEED_FILE: a JSON list of { rfc, name, postal_code, regimes } registered at start. */
function seedTaxpayers(): Taxpayer[] {
  if (!env.PAC_SEED_FILE) return [];
  return JSON.parse(fs.readFileSync(env.PAC_SEED_FILE, 'utf8')) as Taxpayer[];
}

const sandbox = await startPacSandbox({
  port: Number(env.PORT ?? 8030),
  host: env.HOST ?? '127.0.0.1',
  account: {
    user: env.PAC_USER ?? 'pruebas@cuota.mx',
    password: env.PAC_PASSWORD ?? 'pac-sandbox',
    infiniteToken: env.PAC_TOKEN || undefined,
    tokenTtlMs: env.PAC_TOKEN_TTL_MS ? Number(env.PAC_TOKEN_TTL_MS) : undefined,
  },
  stateFile: env.PAC_STATE_FILE || undefined,
  seedTaxpayers: seedTaxpayers(),
  cancellationDelayMs: env.PAC_CANCELLATION_DELAY_MS
    ? Number(env.PAC_CANCELLATION_DELAY_MS)
    : undefined,
});
console.log(
  `PAC sandbox (SW sapien): ${sandbox.url}/ (CFDI timbrados) · API ${sandbox.url}/cfdi33 · SAT ${sandbox.url}/ConsultaCFDIService.svc`,
);
for (const signal of ['SIGINT', 'SIGTERM'] as const)
  process.on(signal, () => void sandbox.stop().then(() => process.exit(0)));

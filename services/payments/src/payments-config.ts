import { z } from 'zod';
import { readEnv } from '@cuota/service-runtime/config/read-env';
import { parseSecretsKey } from './secrets/secret-box';

const paymentsEnvSchema = z.object({
  KUSHKI_SANDBOX_URL: z.url().optional(),
  KUSHKI_PRODUCTION_URL: z.url().default('https://api.kushkipagos.com'),
  KUSHKI_SANDBOX_FORM_URL: z.url().optional(),
  KUSHKI_PRODUCTION_FORM_URL: z.url().optional(),
  PAYMENTS_SECRETS_KEY: z.string().min(1),
  /** Operators may run the reconciliation job more or less often (milliseconds). */
  PAYMENTS_RECONCILE_INTERVAL_MS: z.coerce.number().int().min(0).optional(),
  PAYMENTS_RECONCILE_PENDING_AFTER_MS: z.coerce.number().int().min(0).optional(),
  /** Where the local-disk proof store keeps transfer proofs (ADR 0045). */
  PAYMENTS_PROOF_DIR: z.string().min(1).optional(),
});

/** What payments needs beyond every service's config (docs/architecture.md). */
export interface PaymentsConfig {
  /** The gateway for schools with use_kushki_sandbox (the sandbox in infra/, or Kushki UAT). */
  kushkiSandboxUrl?: string;
  kushkiProductionUrl: string;
  /**
   * A hosted card form per environment the portal frames instead of Kushki's SDK: the local
   * gateway sandbox's, for development and the browser journeys. Unset: Kushki's SDK (ADR 0030).
   */
  cardFormUrls?: { sandbox?: string; production?: string };
  /** AES-256-GCM key for the gateway credentials at rest. */
  secretsKey: Buffer;
  /** How long a charge may take before its outcome counts as unknown. */
  gatewayTimeoutMs?: number;
  /** A webhook whose X-Kushki-Id is further than this from now is refused as stale. */
  webhookToleranceSeconds?: number;
  reconciliation?: {
    /** How often the job runs (0: never on its own; tests call it). */
    intervalMs?: number;
    /** A card payin pending longer than this is asked about at the gateway. */
    pendingAfterMs?: number;
    /** A payin the gateway never saw is abandoned after this (the card token has expired). */
    abandonAfterMs?: number;
  };
  /** The clock (webhook freshness, reconciliation ages); tests pin it. */
  now?: () => Date;
  /**
   * The directory of the local-disk proof store (ADR 0045); unset: a `cuota-payment-proofs`
   * directory in the system's temporary one, fit for development only.
   */
  proofDirectory?: string;
}

export function readPaymentsConfig(env: NodeJS.ProcessEnv = process.env): PaymentsConfig {
  const e = readEnv(paymentsEnvSchema, env);
  return {
    kushkiSandboxUrl: e.KUSHKI_SANDBOX_URL,
    kushkiProductionUrl: e.KUSHKI_PRODUCTION_URL,
    cardFormUrls: { sandbox: e.KUSHKI_SANDBOX_FORM_URL, production: e.KUSHKI_PRODUCTION_FORM_URL },
    secretsKey: parseSecretsKey(e.PAYMENTS_SECRETS_KEY),
    proofDirectory: e.PAYMENTS_PROOF_DIR,
    reconciliation: {
      intervalMs: e.PAYMENTS_RECONCILE_INTERVAL_MS,
      pendingAfterMs: e.PAYMENTS_RECONCILE_PENDING_AFTER_MS,
    },
  };
}

import { z } from 'zod';
import { readEnv } from '@cuota/service-runtime/config/read-env';
import { DEFAULT_STAMPING, type StampingSettings } from './invoices/stamping-worker';
import { readPacSettings, type PacSettings } from './pac/pac-settings';

/** What invoicing needs besides every service's config (launcher env; tests pass it). */
export interface InvoicingSettings {
  /** The PAC (the sandbox in development) and how to sign in to it. */
  pac: PacSettings;
  /** INVOICING_SECRETS_KEY: 32 bytes in base64, the AES-256-GCM key for CSD secrets. */
  secretsKey: string;
  /** Timings of the stamping worker (tests shorten them). */
  stamping?: Partial<StampingSettings>;
}

const envSchema = z.object({
  INVOICING_SECRETS_KEY: z
    .string()
    .refine((v) => Buffer.from(v, 'base64').length === 32, '32 bytes en base64'),
});

export function readInvoicingSettings(env: NodeJS.ProcessEnv = process.env): InvoicingSettings {
  const e = readEnv(envSchema, env);
  return { pac: readPacSettings(env), secretsKey: e.INVOICING_SECRETS_KEY };
}

export function stampingSettings(settings: InvoicingSettings): StampingSettings {
  return { ...DEFAULT_STAMPING, ...settings.stamping };
}

import { z } from 'zod';
import { readEnv } from '@cuota/service-runtime/config/read-env';
import { DEFAULT_STAMPING, type StampingSettings } from './invoices/stamping-worker';

/** What invoicing needs besides every service's config (launcher env; tests pass it). */
export interface InvoicingSettings {
  /** The PAC's base URL (the sandbox's in development) and its API token. */
  pacUrl: string;
  pacToken: string;
  /** INVOICING_SECRETS_KEY: 32 bytes in base64, the AES-256-GCM key for CSD secrets. */
  secretsKey: string;
  /** Timings of the stamping worker (tests shorten them). */
  stamping?: Partial<Omit<StampingSettings, 'pac'>>;
  pacTimeoutMs?: number;
}

const envSchema = z.object({
  PAC_URL: z.url(),
  PAC_API_TOKEN: z.string().min(1),
  INVOICING_SECRETS_KEY: z
    .string()
    .refine((v) => Buffer.from(v, 'base64').length === 32, '32 bytes en base64'),
  PAC_TIMEOUT_MS: z.coerce.number().int().min(100).default(20_000),
});

export function readInvoicingSettings(env: NodeJS.ProcessEnv = process.env): InvoicingSettings {
  const e = readEnv(envSchema, env);
  return {
    pacUrl: e.PAC_URL,
    pacToken: e.PAC_API_TOKEN,
    secretsKey: e.INVOICING_SECRETS_KEY,
    pacTimeoutMs: e.PAC_TIMEOUT_MS,
  };
}

export function stampingSettings(settings: InvoicingSettings): StampingSettings {
  return {
    ...DEFAULT_STAMPING,
    ...settings.stamping,
    pac: {
      url: settings.pacUrl,
      token: settings.pacToken,
      timeoutMs: settings.pacTimeoutMs ?? 20_000,
    },
  };
}

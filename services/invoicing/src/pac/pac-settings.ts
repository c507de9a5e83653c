import { z } from 'zod';
import { readEnv } from '@cuota/service-runtime/config/read-env';

/** Which PAC, where, and how invoicing signs in to it. */
export interface PacSettings {
  /** Only SW sapien today; docs/adr/0031 says how Finkok would be added. */
  provider: 'sw';
  /** The PAC's base URL: https://services.sw.com.mx, https://services.test.sw.com.mx, or the sandbox. */
  url: string;
  /** An account (a token lasting two hours is asked for and renewed) or SW's infinite token. */
  credentials: { user: string; password: string } | { token: string };
  satConsultaUrl: string;
  /** A call that takes longer is abandoned; a stamp is then retried (it is idempotent). */
  timeoutMs: number;
}

const pacEnvSchema = z
  .object({
    PAC_PROVIDER: z.enum(['sw']).default('sw'),
    PAC_URL: z.url(),
    PAC_USER: z.string().min(1).optional(),
    PAC_PASSWORD: z.string().min(1).optional(),
    PAC_TOKEN: z.string().min(1).optional(),
    // SAT's Servicio de Consulta de CFDI in production (SW's SDKs call it for a CFDI's status).
    SAT_CONSULTA_URL: z
      .url()
      .default('https://consultaqr.facturaelectronica.sat.gob.mx/ConsultaCFDIService.svc'),
    PAC_TIMEOUT_MS: z.coerce.number().int().min(100).default(20_000),
  })
  .refine((env) => env.PAC_TOKEN || (env.PAC_USER && env.PAC_PASSWORD), {
    error: 'hace falta PAC_TOKEN, o PAC_USER y PAC_PASSWORD',
    path: ['PAC_USER'],
  });

/** PAC_* and SAT_CONSULTA_URL from the environment (a service stops at start when they are wrong). */
export function readPacSettings(environment: NodeJS.ProcessEnv): PacSettings {
  const env = readEnv(pacEnvSchema, environment);
  return {
    provider: env.PAC_PROVIDER,
    url: env.PAC_URL,
    credentials: env.PAC_TOKEN
      ? { token: env.PAC_TOKEN }
      : { user: env.PAC_USER!, password: env.PAC_PASSWORD! },
    satConsultaUrl: env.SAT_CONSULTA_URL,
    timeoutMs: env.PAC_TIMEOUT_MS,
  };
}

import { z } from 'zod';
import { parseJwkEnv } from '@cuota/service-runtime/identity/identity-token';
import { portSchema, readEnv } from '@cuota/service-runtime/config/read-env';

const serviceEnvSchema = z.object({
  PORT: portSchema,
  /** The interface to listen on; only the BFF faces the network, so loopback by default. */
  HOST: z.string().min(1).default('127.0.0.1'),
  DATABASE_URL: z.url(),
  /** Connections each instance may hold: instances × this must fit PostgreSQL's max_connections. */
  DATABASE_POOL_MAX: z.coerce.number().int().positive().optional(),
  NATS_URL: z.string().min(1),
  NATS_PREFIX: z.string().default(''),
  IDENTITY_PUBLIC_JWK: z.string().min(1).transform(parseJwkEnv),
  LOG_LEVEL: z.string().default('info'),
  PUBLIC_URL: z.url().optional(),
  SMTP_URL: z.url().optional(),
  MAIL_FROM: z.string().min(3).optional(),
});

/** What every service process reads from its environment (docs/architecture.md). */
export interface ServiceConfig {
  port: number;
  /** The interface the service listens on (HOST); default 127.0.0.1. */
  host?: string;
  databaseUrl: string;
  /** The pool's size (DATABASE_POOL_MAX); default 10. */
  databasePoolMax?: number;
  natsUrl: string;
  natsPrefix: string;
  identityPublicJwk: ReturnType<typeof parseJwkEnv>;
  logLevel: string;
  /** The portal host (links such as a guardian's portal_url); only enrolment needs it. */
  publicUrl?: string;
  /** Where a service sends e-mail (enrolment: staff invitations); without it, none is sent. */
  smtpUrl?: string;
  mailFrom?: string;
  /** The clock, for rules that depend on today's date; tests pin it. Default: the system's. */
  now?: () => Date;
}

export function readServiceConfig(env: NodeJS.ProcessEnv = process.env): ServiceConfig {
  const e = readEnv(serviceEnvSchema, env);
  return {
    port: e.PORT,
    host: e.HOST,
    databaseUrl: e.DATABASE_URL,
    databasePoolMax: e.DATABASE_POOL_MAX,
    natsUrl: e.NATS_URL,
    natsPrefix: e.NATS_PREFIX,
    identityPublicJwk: e.IDENTITY_PUBLIC_JWK,
    logLevel: e.LOG_LEVEL,
    publicUrl: e.PUBLIC_URL,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
  };
}

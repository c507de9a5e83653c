import type { Request, RequestHandler, Response } from 'express';
import { rateLimit, type Options } from 'express-rate-limit';
import { RedisStore, type RedisReply } from 'rate-limit-redis';
import { HttpError } from '@cuota/service-runtime/http/http-error';
import type { BffConfig, RateLimitConfig, RateLimitRule } from '../config/bff-config';
import type { RedisClient } from '../bff-deps';
import '../session/session-data';
import { clientKeyOf } from './client-key';

type Key = (req: Request, res: Response) => string;

interface LimiterSpec {
  rule: RateLimitRule;
  /** Spanish text; `wait` reads like "30 segundos" or "12 minutos". */
  message: (wait: string) => string;
  /** Default: the client's IP (IPv6 grouped by /56). */
  key?: Key;
  skip?: (req: Request) => boolean;
  /** Count only refused attempts (a sign-in that succeeds costs nothing). */
  failuresOnly?: boolean;
}

/**
 * Per account and client: see sign-in-failures.ts, which counts them; reset mails per
 * e-mail: identity/password-reset.ts (the answer is the same past the limit).
 */
type CountedElsewhere = 'signInFailuresPerAccountAndIp' | 'passwordResetMailsPerEmail';

/** The BFF's rate limits, counted in Redis so every BFF instance shares them. */
export type RateLimiters = Record<Exclude<keyof RateLimitConfig, CountedElsewhere>, RequestHandler>;

/** The account a sign-in step is about, paired with the client (ADR 0020). */
const accountAndClient: Key = (req, res) =>
  `${String(res.locals.signInAccount)}|${clientKeyOf(req)}`;

export function createRateLimiters(config: BffConfig, redis: RedisClient): RateLimiters {
  const r = config.rateLimits;
  const make = (name: string, spec: LimiterSpec) => createLimiter(config, redis, name, spec);
  const tooMany = (wait: string) =>
    `Demasiados intentos de inicio de sesión. Espera ${wait} e intenta de nuevo.`;
  return {
    /**
     * Signed-out traffic per IP. Signed-in calls are attributable (and the sign-in itself is
     * limited hard), so they skip it: a busy family or an office behind one IP is not throttled.
     */
    api: make('api', {
      rule: r.api,
      message: (wait) => `Demasiadas solicitudes. Espera ${wait} e intenta de nuevo.`,
      skip: (req) => Boolean(req.session?.auth),
    }),
    signInPerIp: make('sign-in-ip', { rule: r.signInPerIp, message: tooMany, failuresOnly: true }),
    sendCodePerIp: make('send-code-ip', {
      rule: r.sendCodePerIp,
      message: (wait) => `Se pidieron demasiados códigos desde esta red. Espera ${wait}.`,
    }),
    sendCodePerGuardianBurst: make('send-code-guardian-burst', {
      rule: r.sendCodePerGuardianBurst,
      message: (wait) => `Ya te enviamos un código. Espera ${wait} para pedir otro.`,
      key: accountAndClient,
    }),
    sendCodePerGuardianHourly: make('send-code-guardian-hourly', {
      rule: r.sendCodePerGuardianHourly,
      message: (wait) => `Pediste demasiados códigos. Espera ${wait} para pedir otro.`,
      key: accountAndClient,
    }),
    sendCodePerGuardian: make('send-code-guardian', {
      rule: r.sendCodePerGuardian,
      message: (wait) =>
        `Ya enviamos varios códigos a este correo: usa el más reciente. Podrás pedir otro en ${wait}.`,
      key: (_req, res) => String(res.locals.signInAccount),
    }),
    clientLog: make('client-log', {
      rule: r.clientLog,
      message: (wait) => `Demasiados registros. Espera ${wait}.`,
    }),
    signupPerIp: make('signup-ip', {
      rule: r.signupPerIp,
      message: (wait) => `Se enviaron demasiados registros desde esta red. Espera ${wait}.`,
    }),
    passwordResetPerIp: make('password-reset-ip', {
      rule: r.passwordResetPerIp,
      message: (wait) =>
        `Se pidieron demasiados cambios de contraseña desde esta red. Espera ${wait}.`,
    }),
  };
}

function createLimiter(
  config: BffConfig,
  redis: RedisClient,
  name: string,
  spec: LimiterSpec,
): RequestHandler {
  const options: Partial<Options> = {
    windowMs: spec.rule.windowMs,
    limit: spec.rule.limit,
    standardHeaders: 'draft-8',
    legacyHeaders: false,
    store: new RedisStore({
      prefix: `${config.redisPrefix}rl:${name}:`,
      sendCommand: (...args: string[]) => redis.sendCommand(args) as Promise<RedisReply>,
    }),
    handler: (req, _res, next) => next(rateLimitedError(spec.message(waitText(untilReset(req))))),
  };
  if (spec.key) options.keyGenerator = spec.key;
  else options.ipv6Subnet = 56;
  if (spec.skip) options.skip = spec.skip;
  if (spec.failuresOnly) options.skipSuccessfulRequests = true;
  return rateLimit(options);
}

export const rateLimitedError = (message: string) => new HttpError(429, 'RATE_LIMITED', message);

/** Milliseconds until the limiter's window resets (a minute when it does not say). */
function untilReset(req: Request): number {
  const reset = (req as Request & { rateLimit?: { resetTime?: Date } }).rateLimit?.resetTime;
  return reset ? reset.getTime() - Date.now() : 60_000;
}

/** A wait in Spanish words: "30 segundos", "12 minutos". */
export function waitText(ms: number): string {
  const seconds = Math.max(1, Math.ceil(ms / 1000));
  if (seconds < 90) return `${seconds} segundo${seconds === 1 ? '' : 's'}`;
  const minutes = Math.ceil(seconds / 60);
  return `${minutes} minutos`;
}

import { randomBytes, timingSafeEqual, createHash } from 'node:crypto';
import type { NextFunction, Request, Response } from 'express';
import { SwError } from './sw-envelope.ts';

/** The one SW account the sandbox knows (published/sw-authenticate.json). */
export interface SwAccount {
  user: string;
  password: string;
  /** The ADT portal's "token infinito": accepted until revoked, never expires. */
  infiniteToken?: string;
  /** Lifetime of an authenticated token; SW's is two hours. */
  tokenTtlMs: number;
}

const AU2000 =
  'AU2000 - El usuario y/o contraseña son inválidos, no se puede autenticar el servicio.';
/** Recorded in SW's SDK tests (published/sw-error-messages.json). */
const EMPTY_TOKEN = 'AU4101 - El token proporcionado viene vacio.';
const NOT_VALIDATED = 'AU4000 - No fue posible validar el token.';
const NOT_THREE_PARTS = 'El token debe contener 3 partes';

const digest = (text: string) => createHash('sha256').update(text).digest();
const equal = (a: string, b: string) => timingSafeEqual(digest(a), digest(b));

/**
 * POST /v2/security/authenticate and the Bearer check of every other route. Tokens live in
 * memory only: after a restart every caller authenticates again, as after an expiry.
 */
export class SwAuth {
  private readonly account: SwAccount;
  private readonly now: () => Date;
  private readonly expiries = new Map<string, number>();
  /** How many tokens it has issued (tests prove a client re-authenticates, or does not). */
  issued = 0;

  constructor(account: SwAccount, now: () => Date) {
    this.account = account;
    this.now = now;
  }

  authenticate(body: unknown): { token: string; expires_in: number; tokeny_type: 'Bearer' } {
    const { user, password } = (body ?? {}) as Record<string, unknown>;
    if (typeof user !== 'string' || typeof password !== 'string')
      throw new SwError(401, AU2000, 'Se esperaba JSON { user, password }.');
    if (!equal(user.trim(), this.account.user) || !equal(password, this.account.password))
      throw new SwError(401, AU2000);
    const token = [16, 32, 32].map((n) => randomBytes(n).toString('base64url')).join('.');
    const expiresAt = this.now().getTime() + this.account.tokenTtlMs;
    this.expiries.set(token, expiresAt);
    this.issued += 1;
    // A UNIX time in seconds, as SW publishes it (not a duration, despite the name).
    return { token, expires_in: Math.floor(expiresAt / 1000), tokeny_type: 'Bearer' };
  }

  readonly requireToken = (req: Request, _res: Response, next: NextFunction): void => {
    const token = /^bearer\s+(.*)$/i.exec(req.get('authorization') ?? '')?.[1]?.trim() ?? '';
    if (!token) throw new SwError(401, EMPTY_TOKEN);
    if (this.account.infiniteToken && equal(token, this.account.infiniteToken)) return next();
    if (token.split('.').length !== 3) throw new SwError(401, NOT_THREE_PARTS);
    const expiresAt = this.expiries.get(token);
    if (expiresAt === undefined || expiresAt <= this.now().getTime()) {
      this.expiries.delete(token);
      throw new SwError(401, NOT_VALIDATED, 'El token expiró o no lo emitió este servicio.');
    }
    next();
  };
}

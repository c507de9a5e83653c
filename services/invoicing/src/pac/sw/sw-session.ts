/**
 * SW's authentication (infra/sandboxes/pac/published/sw-authenticate.json): POST
 * /v2/security/authenticate with { user, password } gives a token for two hours, `expires_in`
 * being its UNIX expiry in seconds. The token is kept and renewed before it runs out, and
 * again whenever SW refuses it (a restart on SW's side, a revoked token). SW's "infinite"
 * token from its portal is used as given.
 */
import { z } from 'zod';
import { jsonOf, send } from '../pac-http';
import type { PacSettings } from '../pac-settings';
import { errorEnvelope, successData } from './sw-envelope';

export type TokenOutcome =
  { kind: 'token'; token: string } | { kind: 'unavailable'; reason: string };

const TWO_HOURS_MS = 2 * 60 * 60 * 1000;
/** Renewed this long before it expires, so a call never leaves with a token about to lapse. */
const RENEW_BEFORE_MS = 5 * 60 * 1000;
const tokenSchema = z.object({ token: z.string().min(1), expires_in: z.number().optional() });

export class SwSession {
  private current: { token: string; renewAt: number } | undefined;
  private pending: Promise<TokenOutcome> | undefined;

  private readonly settings: PacSettings;
  private readonly now: () => number;

  constructor(settings: PacSettings, now: () => number) {
    this.settings = settings;
    this.now = now;
  }

  token(): Promise<TokenOutcome> {
    const { credentials } = this.settings;
    if ('token' in credentials) return Promise.resolve({ kind: 'token', token: credentials.token });
    if (this.current && this.now() < this.current.renewAt)
      return Promise.resolve({ kind: 'token', token: this.current.token });
    // Concurrent stamps share one authentication.
    this.pending ??= this.authenticate(credentials).finally(() => (this.pending = undefined));
    return this.pending;
  }

  /** SW refused `token`: forget it. False when there is no other to try (an infinite token). */
  forget(token: string): boolean {
    if ('token' in this.settings.credentials) return false;
    if (this.current?.token === token) this.current = undefined;
    return true;
  }

  private async authenticate(credentials: {
    user: string;
    password: string;
  }): Promise<TokenOutcome> {
    const answer = await send(
      new URL('v2/security/authenticate', withSlash(this.settings.url)).href,
      {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(credentials),
      },
      this.settings.timeoutMs,
    );
    if (answer.kind === 'unavailable') return answer;
    const body = jsonOf(answer.text);
    const data = successData(body, tokenSchema);
    if (!data) {
      const refusal = errorEnvelope(body)?.message ?? `HTTP ${answer.status}`;
      return { kind: 'unavailable', reason: `el PAC no dio un token (${refusal})` };
    }
    const lapses = Math.min(
      data.expires_in ? data.expires_in * 1000 : Infinity,
      this.now() + TWO_HOURS_MS,
    );
    this.current = { token: data.token, renewAt: lapses - RENEW_BEFORE_MS };
    return { kind: 'token', token: data.token };
  }
}

export const withSlash = (url: string) => (url.endsWith('/') ? url : `${url}/`);

import { createHash, generateKeyPairSync, randomUUID, sign, type KeyObject } from 'node:crypto';

/** What a test or the sign-in page asks the sandbox to vouch for. */
export interface IdTokenRequest {
  email: string;
  /** The client the token is for (`aud`); a provider only issues to clients it knows. */
  aud: string;
  /** Google sends a boolean, Apple the string "true"; absent means verified. */
  email_verified?: boolean | 'true' | 'false';
  name?: string;
  nonce?: string;
  /** Seconds from now until `exp`; negative gives an expired token (default 600). */
  expires_in?: number;
}

/** One RS256 signing key, made at start (as Google's, rotated by restarting the sandbox). */
export class IdTokenSigner {
  readonly kid = randomUUID();
  private readonly privateKey: KeyObject;
  private readonly publicKey: KeyObject;

  constructor() {
    const pair = generateKeyPairSync('rsa', { modulusLength: 2048 });
    this.privateKey = pair.privateKey;
    this.publicKey = pair.publicKey;
  }

  /** The JWKS (`jwks_uri`): the public half only. */
  jwks() {
    const jwk = this.publicKey.export({ format: 'jwk' });
    return { keys: [{ ...jwk, kid: this.kid, use: 'sig', alg: 'RS256' }] };
  }

  /** A compact JWS with the claims Google's and Apple's ID tokens carry. */
  issue(issuer: string, ask: IdTokenRequest, now = Date.now()): string {
    const iat = Math.floor(now / 1000);
    const email = ask.email.trim().toLowerCase();
    const claims = {
      iss: issuer,
      aud: ask.aud,
      azp: ask.aud,
      // Stable per e-mail, as a real provider's subject is per account.
      sub: createHash('sha256').update(email).digest('hex').slice(0, 21),
      email,
      email_verified: ask.email_verified ?? true,
      ...(ask.name ? { name: ask.name } : {}),
      ...(ask.nonce ? { nonce: ask.nonce } : {}),
      iat,
      exp: iat + (ask.expires_in ?? 600),
    };
    const encode = (part: object) => Buffer.from(JSON.stringify(part)).toString('base64url');
    const input = `${encode({ alg: 'RS256', kid: this.kid, typ: 'JWT' })}.${encode(claims)}`;
    const signature = sign('sha256', Buffer.from(input), this.privateKey).toString('base64url');
    return `${input}.${signature}`;
  }
}

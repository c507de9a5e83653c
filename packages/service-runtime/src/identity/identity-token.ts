import {
  SignJWT,
  calculateJwkThumbprint,
  exportJWK,
  exportSPKI,
  generateKeyPair,
  importJWK,
  jwtVerify,
  type JWK,
} from 'jose';
import type { IdentityPublicJwk } from '@cuota/contracts/identity/token-key-endpoints';
import {
  IDENTITY_TOKEN_AUDIENCE,
  IDENTITY_TOKEN_ISSUER,
  IDENTITY_TOKEN_TTL_SECONDS,
  identityClaimsSchema,
  type IdentityClaims,
} from '@cuota/contracts/identity/identity-claims';

const ALG = 'ES256';

export interface IdentityKeys {
  privateJwk: JWK;
  publicJwk: JWK;
}

/** A fresh ES256 pair: the launcher writes one per environment, tests make their own. */
export async function generateIdentityKeys(): Promise<IdentityKeys> {
  const { privateKey, publicKey } = await generateKeyPair(ALG, { extractable: true });
  return { privateJwk: await exportJWK(privateKey), publicJwk: await exportJWK(publicKey) };
}

export type IdentitySigner = (claims: IdentityClaims) => Promise<string>;

export interface PublishedIdentityKey {
  jwk: IdentityPublicJwk;
  /** SPKI, PEM-encoded. */
  pem: string;
}

/**
 * The public half of the signing key, as the BFF publishes it (GET /auth/.well-known/ and
 * /auth/token/public-key/): never the private `d`, named by its RFC 7638 thumbprint.
 */
export async function publishedIdentityKey(privateJwk: JWK): Promise<PublishedIdentityKey> {
  const { kty, crv, x, y } = privateJwk;
  const bare = { kty, crv, x, y };
  const kid = await calculateJwkThumbprint(bare);
  const jwk = { ...bare, kid, alg: ALG, use: 'sig' } as IdentityPublicJwk;
  const publicKey = await importJWK(bare, ALG, { extractable: true });
  if (publicKey instanceof Uint8Array) throw new Error('The identity key must be an EC key.');
  const pem = await exportSPKI(publicKey);
  return { jwk, pem };
}

export interface ClockOptions {
  /** Milliseconds since the epoch; tests pass their own clock. */
  now?: () => number;
}

/** A cached token is handed out only while this much of its lifetime is left. */
const REUSE_MARGIN_SECONDS = 15;
/** Distinct identities kept; the oldest go first (a busy BFF sees a few thousand). */
const MAX_CACHED_TOKENS = 10_000;

/**
 * Only the BFF holds the private key: services can check a token but never mint one.
 * A token is signed once per identity and reused while more than 15 s of its 60 s are
 * left: ES256 signing was a fixed cost on every proxied call (docs/benchmarks.md). The
 * request id travels in its own header, so one token serves every request of its lifetime.
 */
export async function createIdentitySigner(
  privateJwk: JWK,
  { now = Date.now }: ClockOptions = {},
): Promise<IdentitySigner> {
  const key = await importJWK(privateJwk, ALG);
  const { kid } = (await publishedIdentityKey(privateJwk)).jwk;
  const cache = new Map<string, { token: string; reuseUntil: number }>();
  return async (claims) => {
    const id = JSON.stringify(claims);
    const nowSeconds = Math.floor(now() / 1000);
    const cached = cache.get(id);
    if (cached && nowSeconds < cached.reuseUntil) return cached.token;
    const expires = nowSeconds + IDENTITY_TOKEN_TTL_SECONDS;
    const token = await new SignJWT({ cuota: claims })
      .setProtectedHeader({ alg: ALG, kid })
      .setIssuer(IDENTITY_TOKEN_ISSUER)
      .setAudience(IDENTITY_TOKEN_AUDIENCE)
      .setSubject(subjectOf(claims))
      .setIssuedAt(nowSeconds)
      .setExpirationTime(expires)
      .sign(key);
    cache.delete(id);
    if (cache.size >= MAX_CACHED_TOKENS) cache.delete(cache.keys().next().value!);
    cache.set(id, { token, reuseUntil: expires - REUSE_MARGIN_SECONDS });
    return token;
  };
}

export type IdentityVerifier = (token: string) => Promise<IdentityClaims>;

/**
 * Checks a token's signature once and remembers its claims until it expires: the BFF reuses
 * each token for most of its lifetime, so a service sees the same few tokens over and over.
 */
export async function createIdentityVerifier(
  publicJwk: JWK,
  { now = Date.now }: ClockOptions = {},
): Promise<IdentityVerifier> {
  const key = await importJWK(publicJwk, ALG);
  const checked = new Map<string, { claims: IdentityClaims; expires: number }>();
  return async (token) => {
    const nowSeconds = Math.floor(now() / 1000);
    const known = checked.get(token);
    if (known && nowSeconds < known.expires) return known.claims;
    checked.delete(token);
    const { payload } = await jwtVerify(token, key, {
      issuer: IDENTITY_TOKEN_ISSUER,
      audience: IDENTITY_TOKEN_AUDIENCE,
      algorithms: [ALG],
      currentDate: new Date(nowSeconds * 1000),
    });
    const claims = identityClaimsSchema.parse(payload.cuota);
    if (checked.size >= MAX_CACHED_TOKENS) checked.delete(checked.keys().next().value!);
    checked.set(token, { claims, expires: payload.exp! });
    return claims;
  };
}

/** `staff:<id>`, `guardian:<id>`, `service:<name>` or `anonymous`: who a token speaks for. */
export function subjectOf(claims: IdentityClaims): string {
  switch (claims.kind) {
    case 'guardian':
      return `guardian:${claims.guardian_id}`;
    case 'staff':
      return `staff:${claims.user_id}`;
    case 'service':
      return `service:${claims.service}`;
    case 'anonymous':
      return 'anonymous';
  }
}

export function parseJwkEnv(value: string): JWK {
  return JSON.parse(value) as JWK;
}

import { SignJWT, exportJWK, generateKeyPair, importJWK, jwtVerify, type JWK } from 'jose';
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

export type IdentitySigner = (claims: IdentityClaims, requestId?: string) => Promise<string>;

/** Only the BFF holds the private key: services can check a token but never mint one. */
export async function createIdentitySigner(privateJwk: JWK): Promise<IdentitySigner> {
  const key = await importJWK(privateJwk, ALG);
  return (claims, requestId) =>
    new SignJWT({ cuota: claims, ...(requestId ? { rid: requestId } : {}) })
      .setProtectedHeader({ alg: ALG })
      .setIssuer(IDENTITY_TOKEN_ISSUER)
      .setAudience(IDENTITY_TOKEN_AUDIENCE)
      .setSubject(subjectOf(claims))
      .setIssuedAt()
      .setExpirationTime(`${IDENTITY_TOKEN_TTL_SECONDS}s`)
      .sign(key);
}

export type IdentityVerifier = (token: string) => Promise<IdentityClaims>;

export async function createIdentityVerifier(publicJwk: JWK): Promise<IdentityVerifier> {
  const key = await importJWK(publicJwk, ALG);
  return async (token) => {
    const { payload } = await jwtVerify(token, key, {
      issuer: IDENTITY_TOKEN_ISSUER,
      audience: IDENTITY_TOKEN_AUDIENCE,
      algorithms: [ALG],
    });
    return identityClaimsSchema.parse(payload.cuota);
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

import { z } from 'zod';
import { anyone } from '@cuota/contracts/access/access';
import { defineEndpoint } from '@cuota/contracts/http/endpoint';
import { auth } from '@cuota/contracts/identity/shell-endpoints';

/** The public half of the ES256 key the BFF signs identity tokens with, as a JWK (RFC 7517). */
export const identityPublicJwkSchema = z.strictObject({
  kty: z.literal('EC'),
  crv: z.literal('P-256'),
  x: z.string().min(1),
  y: z.string().min(1),
  /** Its RFC 7638 thumbprint; every identity token names it in its `kid` header. */
  kid: z.string().min(1),
  alg: z.literal('ES256'),
  use: z.literal('sig'),
});
export type IdentityPublicJwk = z.infer<typeof identityPublicJwkSchema>;

export const identityPublicKey = defineEndpoint({
  ...auth,
  name: 'identity.token.publicKey',
  method: 'GET',
  path: '/auth/token/public-key/',
  access: anyone(),
  summary: 'Llave pública de los tokens de identidad (PEM y JWK)',
  response: z.strictObject({
    algorithm: z.literal('ES256'),
    key_id: z.string().min(1),
    /** SPKI, PEM-encoded: what most JWT libraries take. */
    public_key: z.string().startsWith('-----BEGIN PUBLIC KEY-----'),
    jwk: identityPublicJwkSchema,
    issuer: z.string().min(1),
    audience: z.string().min(1),
  }),
});

export const identityJwks = defineEndpoint({
  ...auth,
  name: 'identity.token.jwks',
  method: 'GET',
  path: '/auth/.well-known/',
  access: anyone(),
  summary: 'Llaves públicas de los tokens de identidad (JWK Set, RFC 7517)',
  response: z.strictObject({ keys: z.array(identityPublicJwkSchema).min(1) }),
});

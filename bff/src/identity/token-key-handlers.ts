import {
  IDENTITY_TOKEN_AUDIENCE,
  IDENTITY_TOKEN_ISSUER,
} from '@cuota/contracts/identity/identity-claims';
import { identityJwks, identityPublicKey } from '@cuota/contracts/identity/token-key-endpoints';
import { publishedIdentityKey } from '@cuota/service-runtime/identity/identity-token';
import type { BffContext } from '../bff-context';
import { implement } from '../http/bff-endpoints';

/**
 * The public key of the identity tokens, so another team's service can check a token the BFF
 * signed with no shared secret: as a JWK Set and as PEM. Worked out once, from the key.
 */
export function tokenKeyHandlers({ config }: BffContext) {
  const published = publishedIdentityKey(config.identityPrivateJwk);
  return [
    implement(identityJwks, async () => ({ keys: [(await published).jwk] })),
    implement(identityPublicKey, async () => {
      const { jwk, pem } = await published;
      return {
        algorithm: jwk.alg,
        key_id: jwk.kid,
        public_key: pem,
        jwk,
        issuer: IDENTITY_TOKEN_ISSUER,
        audience: IDENTITY_TOKEN_AUDIENCE,
      };
    }),
  ];
}

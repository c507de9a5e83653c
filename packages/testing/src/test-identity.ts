import {
  createIdentitySigner,
  createIdentityVerifier,
  generateIdentityKeys,
} from '@cuota/service-runtime/identity/identity-token';

/** A key pair plus signer and verifier, as the BFF and a service would hold them. */
export async function createTestIdentity() {
  const keys = await generateIdentityKeys();
  return {
    keys,
    sign: await createIdentitySigner(keys.privateJwk),
    verify: await createIdentityVerifier(keys.publicJwk),
  };
}

export type TestIdentity = Awaited<ReturnType<typeof createTestIdentity>>;

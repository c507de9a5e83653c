import { createRemoteJWKSet, errors, jwtVerify } from 'jose';
import { HttpError, badRequest } from '@cuota/service-runtime/http/http-error';
import type { ExternalProvider } from '../config/bff-config';
import { SignInError } from './sign-in-error';

/** One answer for every refused token and e-mail, so none says which check failed. */
export const externalRefused = () =>
  new SignInError(
    'CredentialsSignin',
    401,
    'No pudimos confirmar tu cuenta con ese proveedor. Entra con el código que te enviamos por correo.',
  );

/** A provider's ID tokens, checked against its published keys (ADR 0038, addendum). */
export interface ExternalIdentity {
  /** The token's e-mail (lower case) once issuer, audience, expiry, signature and
   * email_verified hold; otherwise `externalRefused()`. */
  verifiedEmail(provider: string, idToken: string): Promise<string>;
}

/** Clock skew tolerated between the provider and us. */
const CLOCK_TOLERANCE_SECONDS = 30;

export function createExternalIdentity(
  providers: Record<string, ExternalProvider>,
): ExternalIdentity {
  // jose keeps each JWKS and fetches it again only for a key id it has not seen (rotation).
  const keySets = new Map(
    Object.entries(providers).map(([id, p]) => [id, createRemoteJWKSet(new URL(p.jwksUrl))]),
  );
  return {
    async verifiedEmail(provider, idToken) {
      const config = Object.hasOwn(providers, provider) ? providers[provider] : undefined;
      const keys = keySets.get(provider);
      if (!config || !keys) throw badRequest('Ese proveedor de identidad no está disponible.');
      try {
        const { payload } = await jwtVerify(idToken, keys, {
          issuer: config.issuer,
          audience: config.clientId,
          algorithms: ['RS256', 'ES256'],
          requiredClaims: ['exp', 'iat', 'sub', 'email'],
          clockTolerance: CLOCK_TOLERANCE_SECONDS,
        });
        // Google sends a boolean, Apple the string "true".
        const verified = payload.email_verified === true || payload.email_verified === 'true';
        if (!verified || typeof payload.email !== 'string') throw externalRefused();
        return payload.email.trim().toLowerCase();
      } catch (err) {
        if (err instanceof SignInError) throw err;
        if (err instanceof errors.JOSEError && !providerDown(err)) throw externalRefused();
        // The provider's keys could not be read: nobody's failed attempt, try again later.
        throw new HttpError(
          503,
          'SERVICE_UNAVAILABLE',
          'No pudimos comunicarnos con el proveedor de identidad. Intenta de nuevo en unos minutos.',
        );
      }
    },
  };
}

/** The JWKS timed out, was not a JWKS, or did not answer 200 (jose's generic error). */
const providerDown = (err: InstanceType<typeof errors.JOSEError>) =>
  err instanceof errors.JWKSTimeout ||
  err instanceof errors.JWKSInvalid ||
  err.code === errors.JOSEError.code;

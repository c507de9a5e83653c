import type { RequestHandler, Response } from 'express';
import type { IdentityClaims } from '@cuota/contracts/identity/identity-claims';
import type { IdentityVerifier } from '../identity/identity-token';
import { HttpError, forbidden, unauthenticated } from './http-error';

/** Rejects any request without a valid identity token from the BFF. */
export function requireIdentity(verify: IdentityVerifier): RequestHandler {
  return async (req, res, next) => {
    const header = req.headers.authorization;
    const token = header?.startsWith('Bearer ') ? header.slice(7) : undefined;
    if (!token) throw unauthenticated('Falta el token de identidad.');
    try {
      res.locals.identity = await verify(token);
    } catch {
      throw new HttpError(401, 'UNAUTHENTICATED', 'El token de identidad no es válido o expiró.');
    }
    next();
  };
}

export function identityOf(res: Response): IdentityClaims {
  const identity = res.locals.identity as IdentityClaims | undefined;
  if (!identity) throw unauthenticated();
  return identity;
}

/** Narrows the caller to one kind of identity, or answers 403. */
export function requireKind<K extends IdentityClaims['kind']>(
  res: Response,
  ...kinds: K[]
): Extract<IdentityClaims, { kind: K }> {
  const identity = identityOf(res);
  if (!(kinds as string[]).includes(identity.kind)) throw forbidden();
  return identity as Extract<IdentityClaims, { kind: K }>;
}

import type { Request } from 'express';
import { appLogin, guardianExternalAuth } from '@cuota/contracts/identity/app-sign-in-endpoints';
import type { BffContext } from '../bff-context';
import { implement } from '../http/bff-endpoints';
import { signInGuardianWithIdToken } from './sign-in';
import { tokenSignIns } from './token-sign-in';

/**
 * The app's sign-ins (ADR 0038, addendum): one body for staff (e-mail and password) and
 * guardians (the e-mailed code), and a guardian's OpenID Connect ID token. Each runs the
 * browser's own sign-in and answers the token pair and who signed in.
 */
export function appSignInHandlers(ctx: BffContext) {
  const { tokenSession, startPair, staffSignIn, guardianCodeSignIn } = tokenSignIns(ctx);
  const signedIn = async (req: Request) => {
    const { kind, name } = req.session.auth!.user;
    return { ...(await startPair(req)), user: { kind, name } };
  };
  const signInLimit = { before: [ctx.limiters.signInPerIp], csrf: false };

  return [
    implement(
      appLogin,
      async ({ req, res, body }) => {
        if ('code' in body) await guardianCodeSignIn(req, res, body);
        else await staffSignIn(req, res, body);
        return signedIn(req);
      },
      signInLimit,
    ),
    implement(
      guardianExternalAuth,
      async ({ req, res, body }) => {
        // Refused tokens count against this link from this client, as wrong passwords do.
        await tokenSession(req, res, () =>
          ctx.signInFailures.attempt(req, `guardian-external:${body.guardian_hash}`, () =>
            signInGuardianWithIdToken(req, ctx, body),
          ),
        );
        return signedIn(req);
      },
      signInLimit,
    ),
  ];
}

import {
  authErrorPage,
  clientLog,
  getCsrfToken,
  getProviders,
  getSession,
  signIn,
  signInCallback,
  signInPage,
  signOut,
  updateSession,
} from '@cuota/contracts/identity/endpoints';
import type { BffContext } from '../bff-context';
import { implement } from '../http/bff-endpoints';
import { csrfToken } from '../security/csrf';
import { refreshSignedIn } from '../session/refresh-signed-in';
import { sessionResponse } from '../session/session-response';
import { authFailureHandler } from './auth-failure';
import { authErrorPageHandler, signInPageRedirect } from './auth-pages';
import { credentialsProviders, providersResponse } from './auth-providers';
import { clientLogHandler } from './client-log';
import { credentialsSignIn } from './credentials-sign-in';
import { sessionUpdateHandler } from './session-update';
import { signOutHandler } from './sign-out';

/** /api/auth/*: the Auth.js REST API over the BFF's Redis session (spec §7). */
export function authHandlers(ctx: BffContext) {
  const { config } = ctx;
  const providers = credentialsProviders(ctx);
  const signInWithProvider = credentialsSignIn(ctx, providers);
  // Auth.js's POSTs fail as Auth.js answers: `{ url }` of the sign-in page with the reason.
  const asAuthJs = { onError: authFailureHandler(config.publicUrl, ctx.deps.logger) };
  return [
    implement(getSession, async ({ req, res }) => {
      // Screens read permissions from here: as fresh as what the proxy enforces (a minute).
      await refreshSignedIn(req, res, ctx);
      return sessionResponse(req, config);
    }),
    implement(getCsrfToken, ({ req }) => ({ csrfToken: csrfToken(req) })),
    implement(getProviders, () => providersResponse(providers, config.publicUrl)),
    implement(signInPage, signInPageRedirect(config)),
    implement(authErrorPage, authErrorPageHandler),
    implement(signIn, signInWithProvider, asAuthJs),
    implement(signInCallback, signInWithProvider, asAuthJs),
    implement(signOut, signOutHandler(config), asAuthJs),
    implement(updateSession, sessionUpdateHandler(ctx)),
    implement(clientLog, clientLogHandler(ctx), { before: [ctx.limiters.clientLog] }),
  ];
}

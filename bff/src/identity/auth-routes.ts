import { Router } from 'express';
import type { BffContext } from '../bff-context';
import { parseForm, parseJson } from '../http/body-parsers';
import { csrfToken, requireCsrf } from '../security/csrf';
import { refreshGuardian } from '../session/refresh-guardian';
import { refreshStaff } from '../session/refresh-staff';
import { sessionResponse } from '../session/session-response';
import { authFailureHandler } from './auth-failure';
import { authErrorPageHandler, signInPageRedirect } from './auth-pages';
import { credentialsProviders, providersResponse } from './auth-providers';
import { clientLogHandler } from './client-log';
import { credentialsSignIn } from './credentials-sign-in';
import { redeemInvitationHandler } from './invitation-routes';
import { requestPasswordResetHandler, resetPasswordHandler } from './password-reset-routes';
import { sessionUpdateHandler } from './session-update';
import { signOutHandler } from './sign-out';

/** /api/auth/*: the Auth.js REST API over the BFF's Redis session (spec §7). */
export function authRoutes(ctx: BffContext): Router {
  const router = Router();
  const { config } = ctx;
  const providers = credentialsProviders(ctx);
  const body = [parseForm, parseJson];

  router.get('/api/auth/session', async (req, res) => {
    await refreshGuardian(req, res, ctx);
    // Screens read permissions from here: as fresh as what the proxy enforces (a minute).
    await refreshStaff(req, res, ctx);
    res.json(sessionResponse(req, config));
  });
  router.get('/api/auth/csrf', (req, res) => {
    res.json({ csrfToken: csrfToken(req) });
  });
  router.get('/api/auth/providers', (_req, res) => {
    res.json(providersResponse(providers, config.publicUrl));
  });
  router.get('/api/auth/signin', signInPageRedirect(config));
  router.get('/api/auth/error', authErrorPageHandler);

  const signIn = credentialsSignIn(ctx, providers);
  router.post('/api/auth/signin/:provider', ...body, requireCsrf, signIn);
  router.post('/api/auth/callback/:provider', ...body, requireCsrf, signIn);
  router.post('/api/auth/signout', ...body, requireCsrf, signOutHandler(config));
  router.use(
    ['/api/auth/signin', '/api/auth/callback', '/api/auth/signout'],
    authFailureHandler(config.publicUrl, ctx.deps.logger),
  );

  router.post(
    '/api/auth/invitation',
    parseJson,
    requireCsrf,
    ctx.limiters.signInPerIp,
    redeemInvitationHandler(ctx),
  );
  router.post(
    '/api/auth/password-reset',
    parseJson,
    requireCsrf,
    ctx.limiters.passwordResetPerIp,
    requestPasswordResetHandler(ctx),
  );
  router.post(
    '/api/auth/password-reset/confirm',
    parseJson,
    requireCsrf,
    ctx.limiters.signInPerIp,
    resetPasswordHandler(ctx),
  );

  router.post('/api/auth/session', ...body, sessionUpdateHandler(ctx));
  router.post(
    '/api/auth/_log',
    ...body,
    requireCsrf,
    ctx.limiters.clientLog,
    clientLogHandler(ctx),
  );
  return router;
}

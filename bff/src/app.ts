import compression from 'compression';
import express, { type Express } from 'express';
import { jsonTextReader } from '@cuota/service-runtime/http/json-body';
import { noStore } from '@cuota/service-runtime/http/no-store';
import { rejectMalformedUrl } from '@cuota/service-runtime/http/request-guards';
import { requestIdMiddleware } from '@cuota/service-runtime/http/request-id';
import type { BffConfig } from './config/bff-config';
import type { BffDeps } from './bff-deps';
import { createBffContext } from './bff-context';
import { apiNotFound, bffErrorHandler } from './http/error-handler';
import { requestLogging } from './http/request-logging';
import { authRoutes } from './identity/auth-routes';
import { guardianLoginRoutes } from './identity/guardian-login-routes';
import { portalFeaturesRoutes } from './identity/portal-features-routes';
import { staffSignInRoutes } from './identity/staff-sign-in-routes';
import { openApiRoutes } from './openapi/openapi-routes';
import { serviceProxy } from './proxy/service-proxy';
import { forgetAfterOwnWrites } from './read-models/forget-after-own-writes';
import { createHelmet } from './security/helmet';
import { createSessionMiddleware } from './session/session-middleware';
import { remotesRoutes } from './shell/remotes-routes';
import { shellRoutes } from './shell/shell-routes';
import { trpcMiddleware } from './trpc/trpc-middleware';

/** Paths that are API (JSON answers, sessions, rate limits), never the SPA. */
export const API_PREFIXES = [
  '/api',
  '/book-keeper',
  '/academic-coordinator',
  '/backoffice',
  '/communications',
  '/auth',
];

/**
 * The BFF: the only public entry point. Builds the Express app from a configuration and
 * already-open connections; no side effects until it is listened on (see bff-server.ts).
 */
export function createBffApp(config: BffConfig, deps: BffDeps): Express {
  const ctx = createBffContext(config, deps);
  const app = express();
  app.disable('x-powered-by');
  if (config.trustProxy !== undefined) app.set('trust proxy', config.trustProxy);

  app.use(requestIdMiddleware);
  app.use(requestLogging(deps.logger));
  app.use(rejectMalformedUrl);
  app.use(createHelmet(config));
  // API answers and any file the build left uncompressed (its own copies are sent as built).
  app.use(compression());
  app.get('/healthz', (_req, res) => void res.json({ status: 'ok' }));
  app.get('/readyz', async (_req, res) => {
    const ready = await deps.redis.ping().then(
      () => true,
      () => false,
    );
    res.status(ready ? 200 : 503).json({ status: ready ? 'ready' : 'not_ready' });
  });

  app.use(API_PREFIXES, noStore);
  app.use(API_PREFIXES, createSessionMiddleware(config, deps.redis));
  app.use(API_PREFIXES, ctx.limiters.api);
  app.use(API_PREFIXES, forgetAfterOwnWrites(deps.guardianMe));
  // Anyone may sign a family up from a school's store: limited per IP on top of `api`.
  app.post('/api/v1/schools/:id/signup/', ctx.limiters.signupPerIp);
  // Before any body parser: proxied bodies stream to the service untouched.
  app.use(serviceProxy(ctx));

  app.use(authRoutes(ctx));
  app.use(guardianLoginRoutes(ctx));
  app.use(staffSignInRoutes(ctx));
  app.use(portalFeaturesRoutes(ctx));
  // Read first so tRPC's bodies get the same size, charset and nesting checks.
  app.use('/api/trpc', jsonTextReader(), trpcMiddleware(ctx));
  app.use(remotesRoutes(config));
  app.use(openApiRoutes(config));
  app.use(API_PREFIXES, apiNotFound);

  app.use(shellRoutes(ctx));
  app.use(apiNotFound);
  app.use(bffErrorHandler(deps.logger));
  return app;
}

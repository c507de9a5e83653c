import express, { type Express } from 'express';
import { ALL_ENDPOINTS } from '@cuota/contracts/http/all-endpoints';
import { schoolSignup } from '@cuota/contracts/enrolment/endpoints/admissions';
import { expressPath } from '@cuota/contracts/http/route-path';
import { TRPC_PATH } from '@cuota/contracts/identity/shell-endpoints';
import { jsonTextReader } from '@cuota/service-runtime/http/json-body';
import { noStore } from '@cuota/service-runtime/http/no-store';
import { rejectMalformedUrl } from '@cuota/service-runtime/http/request-guards';
import { requestIdMiddleware } from '@cuota/service-runtime/http/request-id';
import { requestMetrics } from '@cuota/service-runtime/metrics/request-metrics';
import type { BffConfig } from './config/bff-config';
import type { BffDeps } from './bff-deps';
import { createBffContext } from './bff-context';
import { mountBffEndpoints } from './http/bff-endpoints';
import { answerCompression } from './http/answer-compression';
import { apiNotFound, bffErrorHandler } from './http/error-handler';
import { inTurn } from '@cuota/service-runtime/http/in-turn';
import { requestLogging } from './http/request-logging';
import { ownEndpoints } from './own-endpoints';
import { ROUTED, isForwarded } from './proxy/proxied-endpoints';
import { serviceProxy } from './proxy/service-proxy';
import { forgetAfterOwnWrites } from './read-models/forget-after-own-writes';
import { embedRoutes } from './embed/embed-routes';
import { createHelmet } from './security/helmet';
import { createEmbedOrigins, storeEmbedding } from './security/store-embed';
import { createSessionMiddleware } from './session/session-middleware';
import { shellRoutes } from './shell/shell-routes';
import { appRouter } from './trpc/app-router';
import { procedureKeys } from './trpc/procedure-keys';
import { trpcMiddleware } from './trpc/trpc-middleware';

/**
 * Paths that are API (JSON answers, sessions, rate limits), never the SPA: the first segment
 * of every path the proxy routes, planned rows included (/api, /book-keeper, /auth…).
 */
export const API_PREFIXES = [...new Set(ROUTED.map((e) => `/${e.path.split('/')[1]}`))];

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
  app.use(createHelmet(config, API_PREFIXES));
  // Per school: who may frame its store pages and call its store API (ADR 0066).
  app.use(storeEmbedding(createEmbedOrigins(ctx.enrolment), config.siteOrigins));
  // The BFF's own API answers and any file the build left uncompressed (its own copies are
  // sent as built). A forwarded call's answer is compressed by the forwarder, only when it may
  // be (ADR 0122): the middleware's per-answer wrappers kept every proxied read's objects alive.
  const compress = answerCompression();
  app.use((req, res, next) => (isForwarded(req) ? next() : compress(req, res, next)));
  app.get('/healthz', (_req, res) => void res.json({ status: 'ok' }));
  app.get('/readyz', async (_req, res) => {
    const ready = await Promise.all([deps.redis.ping(), deps.sessionRedis.ping()]).then(
      () => true,
      () => false,
    );
    res.status(ready ? 200 : 503).json({ status: ready ? 'ready' : 'not_ready' });
  });
  // Every request but the probes, by route template; /metrics itself is on another port.
  app.use(requestMetrics(deps.metrics));
  app.use(embedRoutes(ctx));

  const sessions = createSessionMiddleware(config, ctx.sessionStore, isForwarded);
  app.use(
    API_PREFIXES,
    inTurn([
      noStore,
      // A bearer token names its session the way the cookie does (ADR 0038).
      ctx.bearer.middleware,
      ...sessions,
      ctx.limiters.api,
      forgetAfterOwnWrites(deps.guardianMe),
    ]),
  );
  // Anyone may sign a family up from a school's store: limited per IP on top of `api`.
  app.post(expressPath(schoolSignup.path), ctx.limiters.signupPerIp);
  // Before any body parser: proxied bodies stream to the service untouched.
  app.use(serviceProxy(ctx));

  // Refuses to start unless every endpoint defined as the BFF's has its handler, and no other.
  mountBffEndpoints(app, ownEndpoints(ctx), procedureKeys(appRouter), ALL_ENDPOINTS);
  // Read first so tRPC's bodies get the same size, charset and nesting checks.
  app.use(TRPC_PATH, jsonTextReader(), trpcMiddleware(ctx));
  app.use(API_PREFIXES, apiNotFound);

  app.use(shellRoutes(ctx, sessions));
  app.use(apiNotFound);
  app.use(bffErrorHandler(deps.logger));
  return app;
}

import express, { type Express, type RequestHandler } from 'express';
import type { Registry } from 'prom-client';
import { accessLog } from '../logging/access-log';
import type { Logger } from '../logging/logger';
import { METRICS_PATH, metricsHandler } from '../metrics/metrics-endpoint';
import { requestMetrics } from '../metrics/request-metrics';
import { createErrorHandler, notFoundHandler } from './error-handler';
import { inTurn } from './in-turn';
import { jsonBodyParser } from './json-body';
import { noStore } from './no-store';
import { rejectMalformedUrl } from './request-guards';
import { requestIdMiddleware } from './request-id';
import type { UniqueViolationMessages } from './unique-violation';

export interface ServiceAppOptions {
  logger: Logger;
  /** Throws when a dependency (database, NATS) is not usable; /readyz then answers 503. */
  readiness: () => Promise<void>;
  jsonLimit?: string;
  /** The Spanish 409 for each unique index a racing duplicate can hit (by index name). */
  uniqueViolations?: UniqueViolationMessages;
  /**
   * The part's metrics: served on /metrics beside the probes (a service's port is internal,
   * ADR 0077), and every other request's route, status and time recorded in it.
   */
  metrics?: Registry;
}

const UNLOGGED = new Set(['/healthz', '/readyz', METRICS_PATH]);

/**
 * The HTTP shell every service shares: request ids, access logs, health probes, metrics,
 * JSON parsing and Spanish error answers. `mount` adds the service's own routes.
 */
export function createServiceApp(
  options: ServiceAppOptions,
  mount: (app: Express) => void,
): Express {
  const app = express();
  app.disable('x-powered-by');
  // Answers are personal and `no-store`: an ETag would hash every body for nothing.
  app.disable('etag');
  app.set('query parser', 'extended');
  // The shell as one router layer and the probes found by path: a request walked ten layers
  // (and matched three routes' regular expressions) before its service's own, on every call.
  const probes = new Map<string, RequestHandler>([
    ['/healthz', (_req, res) => void res.json({ status: 'ok' })],
    [
      '/readyz',
      async (_req, res) => {
        try {
          await options.readiness();
          res.json({ status: 'ready' });
        } catch (err) {
          options.logger.warn({ err }, 'not ready');
          res.status(503).json({ status: 'not_ready' });
        }
      },
    ],
  ]);
  if (options.metrics) probes.set(METRICS_PATH, metricsHandler(options.metrics));
  const answerProbe: RequestHandler = (req, res, next) => {
    const probe = req.method === 'GET' || req.method === 'HEAD' ? probes.get(req.path) : undefined;
    return probe ? probe(req, res, next) : next();
  };
  app.use(
    inTurn([
      requestIdMiddleware,
      rejectMalformedUrl,
      accessLog(options.logger, (url) => UNLOGGED.has(url)),
      answerProbe,
      ...(options.metrics ? [requestMetrics(options.metrics)] : []),
      noStore,
      jsonBodyParser(options.jsonLimit),
    ]),
  );
  mount(app);
  app.use(notFoundHandler);
  app.use(createErrorHandler(options.logger, options.uniqueViolations));
  return app;
}

import type { ServerResponse } from 'node:http';
import type { Request, RequestHandler } from 'express';
import { ANONYMOUS_IDENTITY } from '@cuota/contracts/identity/identity-claims';
import { bodyTypeError } from '@cuota/service-runtime/http/request-guards';
import { setRouteTemplate } from '@cuota/service-runtime/metrics/request-metrics';
import type { BffContext } from '../bff-context';
import type { ServiceName } from '../config/bff-config';
import { csrfInvalidError, isCsrfValid } from '../security/csrf';
import { refreshSignedIn } from '../session/refresh-signed-in';
import { authorizeCall, needsCsrf } from '../security/access-policy';
import { answerMethodNotAllowed, answerNotAvailable } from './not-available';
import { isDefinition, routedMatch } from './proxied-endpoints';

const SERVICE_LABELS: Record<ServiceName, string> = {
  enrolment: 'inscripciones',
  billing: 'cobranza',
  payments: 'pagos',
  invoicing: 'facturación',
  notifications: 'notificaciones',
};

/**
 * Forwards the endpoints services serve (their definitions in packages/contracts), unchanged,
 * with the caller's identity as a 60-second signed token (reused for its lifetime) and the
 * request id; cookies and any client-sent Authorization never reach a service. Mounted before
 * the body parsers so bodies (JSON, multipart) stream through untouched. A planned row of the
 * specification answers 501; paths neither lists fall through (next()).
 */
export function serviceProxy(ctx: BffContext): RequestHandler {
  const { logger } = ctx.deps;
  const { forward } = ctx.deps.forwarder;

  return async (req, res, next) => {
    const found = routedMatch(req);
    if (found.kind === 'none') return next();
    if (found.kind === 'method-not-allowed')
      return answerMethodNotAllowed(res, req.method, found.allowed);
    const { endpoint, params } = found;
    setRouteTemplate(res, endpoint.path);
    // A row of the specification nobody serves yet: the same 501 for everyone (ADR 0027).
    if (!isDefinition(endpoint)) return answerNotAvailable(res);
    // A body the endpoint cannot read is refused here, for the BFF's own routes too.
    const wrongType = bodyTypeError(endpoint, req);
    if (wrongType) throw wrongType;
    if (endpoint.servedByBff) return next();
    // Permissions as fresh as ADR 0007 promises; a guardian's copy is refreshed by session reads.
    await refreshSignedIn(req, res, ctx, { kinds: ['staff'] });
    const identity = authorizeCall(req, endpoint, params);
    const service = serviceOf(endpoint.domain);
    if (!service) return answerNotAvailable(res);
    if (needsCsrf(req, endpoint) && !isCsrfValid(req)) throw csrfInvalidError();
    const target = {
      url: ctx.config.services[service],
      requestId: (req as Request & { id?: string }).id,
      token: await ctx.deps.sign(identity ?? ANONYMOUS_IDENTITY),
    };
    try {
      await forward(req, res, target);
    } catch (err) {
      logger.warn({ err, service, url: req.url }, 'proxied service failed');
      answerUnavailable(res, service);
    }
  };
}

function answerUnavailable(res: ServerResponse, service: ServiceName) {
  if (res.headersSent) return void res.destroy();
  res.writeHead(503, { 'content-type': 'application/json; charset=utf-8' });
  res.end(
    JSON.stringify({
      error: {
        code: 'SERVICE_UNAVAILABLE',
        message: `El servicio de ${SERVICE_LABELS[service]} no está disponible. Intenta de nuevo en unos minutos.`,
      },
    }),
  );
}

const serviceOf = (domain: string): ServiceName | undefined =>
  domain in SERVICE_LABELS ? (domain as ServiceName) : undefined;

import type { IncomingMessage } from 'node:http';
import type { RequestHandler } from 'express';
import { pinoHttp } from 'pino-http';
import { accessLogLevel } from '@cuota/service-runtime/logging/access-log-level';
import type { Logger } from '@cuota/service-runtime/logging/logger';

/**
 * One access-log line per write, refusal or failure (successful reads are not logged, see
 * accessLogLevel). Headers (cookies, CSRF tokens) are left out, and a
 * guardian's personal link is masked: it is what lets someone ask for their codes.
 */
export function requestLogging(logger: Logger): RequestHandler {
  return pinoHttp({
    logger,
    genReqId: (req) => (req as { id?: string }).id ?? 'unknown',
    autoLogging: { ignore: (req) => req.url === '/healthz' || req.url === '/readyz' },
    customLogLevel: accessLogLevel,
    serializers: {
      req: (req: IncomingMessage & { id?: string }) => ({
        id: req.id,
        method: req.method,
        url: maskGuardianLinks(req.url ?? ''),
      }),
      res: (res: { statusCode: number }) => ({ statusCode: res.statusCode }),
    },
  });
}

export function maskGuardianLinks(url: string): string {
  return url.replace(/\/guardians\/(login\/)?[A-Za-z0-9_-]{16,}/g, '/guardians/$1[hash]');
}

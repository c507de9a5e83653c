import type { RequestHandler } from 'express';
import { accessLogLevel } from '@cuota/service-runtime/logging/access-log-level';
import type { Logger } from '@cuota/service-runtime/logging/logger';

const UNLOGGED = new Set(['/healthz', '/readyz']);

/**
 * One access-log line per write, refusal, failure or aborted request (successful reads are
 * not logged, see accessLogLevel). The line is built only when it is written: a read costs
 * one listener, no child logger or serialised request (pino-http built both per request).
 * Headers (cookies, CSRF tokens) are left out, and a guardian's personal link is masked: it
 * is what lets someone ask for their codes.
 */
export function requestLogging(logger: Logger): RequestHandler {
  return (req, res, next) => {
    if (UNLOGGED.has(req.url)) return next();
    const started = Date.now();
    res.once('close', () => {
      const finished = res.writableFinished;
      const level = finished ? accessLogLevel(req, res) : 'warn';
      if (level === 'silent') return;
      logger[level](
        {
          req: {
            id: (req as { id?: string }).id,
            method: req.method,
            url: maskGuardianLinks(req.originalUrl),
          },
          res: { statusCode: res.statusCode },
          responseTime: Date.now() - started,
        },
        finished ? 'request completed' : 'request aborted',
      );
    });
    next();
  };
}

export function maskGuardianLinks(url: string): string {
  return url.replace(/\/guardians\/(login\/)?[A-Za-z0-9_-]{16,}/g, '/guardians/$1[hash]');
}

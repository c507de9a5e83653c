import type { RequestHandler } from 'express';
import pino from 'pino';
import { accessLogLevel } from './access-log-level';
import type { Logger } from './logger';

/**
 * The access log: one line per finished request that deserves one (`accessLogLevel`), with
 * the request, the answer and the time taken. Nothing is built for a request that writes no
 * line — pino-http made a child logger and serialised (and redacted) the request on every
 * one, most of the logging cost of a quiet read (docs/benchmarks.md, 2026-11-28).
 */
export function accessLog(logger: Logger, ignore: (url: string) => boolean): RequestHandler {
  return (req, res, next) => {
    if (ignore(req.url)) return next();
    const started = performance.now();
    const done = () => {
      res.off('close', done);
      res.off('finish', done);
      const level = accessLogLevel(req, res);
      if (level === 'silent' || !logger.isLevelEnabled(level)) return;
      const aborted = req.readableAborted || !res.writableEnded;
      logger[level](
        {
          req: pino.stdSerializers.req(req),
          res: pino.stdSerializers.res(res),
          responseTime: Math.round(performance.now() - started),
        },
        aborted ? 'request aborted' : 'request completed',
      );
    };
    res.on('close', done);
    res.on('finish', done);
    next();
  };
}

import type { NextFunction, Request, RequestHandler, Response } from 'express';

/**
 * Middleware run one after another as a single router layer (the BFF's API prefixes, each
 * service's shell and each endpoint's chain). Each layer mounted on a path
 * makes Express trim and restore `req.url` and parse it again for the next layer; a proxied
 * read went through seven on the API prefixes, a sixth of what it allocates (docs/benchmarks.md,
 * investigations). An error, thrown or rejected, goes to `next` as Express would send it.
 */
export function inTurn(handlers: readonly RequestHandler[]): RequestHandler {
  return (req: Request, res: Response, next: NextFunction) => {
    let at = 0;
    const step = (err?: unknown): void => {
      if (err) return next(err);
      const handler = handlers[at++];
      if (!handler) return next();
      try {
        const result: unknown = handler(req, res, step);
        if (result instanceof Promise)
          result.catch((e: unknown) => step(e ?? new Error('Rejected promise')));
      } catch (e) {
        step(e);
      }
    };
    step();
  };
}

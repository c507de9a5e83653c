import type { Request, RequestHandler, Response } from 'express';

/** Runs middleware (a rate limiter) inside a handler: resolves on next(), rejects on next(err). */
export function runMiddleware(mw: RequestHandler, req: Request, res: Response): Promise<void> {
  return new Promise((resolve, reject) => {
    const result: unknown = mw(req, res, (err?: unknown) => (err ? reject(err) : resolve()));
    if (result instanceof Promise) result.catch(reject);
  });
}

import type { RequestHandler } from 'express';

/**
 * Every API answer is personal or may become so (a guardian's record, a staff list, a session),
 * so none may be kept by a browser or a shared cache: `Cache-Control: no-store` unless the
 * handler says otherwise (a content-addressed logo or photo sets its own). The BFF and every
 * service apply it (docs/architecture.md, "Hostile input").
 */
export const noStore: RequestHandler = (_req, res, next) => {
  res.setHeader('Cache-Control', 'no-store');
  next();
};

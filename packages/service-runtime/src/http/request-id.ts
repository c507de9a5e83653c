import type { RequestHandler } from 'express';
import {
  REQUEST_ID_HEADER,
  runWithRequestId,
  sanitizeRequestId,
  currentRequestId,
} from '../request-context';

/** Adopts the caller's x-request-id (or makes one) for everything this request does. */
export const requestIdMiddleware: RequestHandler = (req, res, next) => {
  runWithRequestId(sanitizeRequestId(req.headers[REQUEST_ID_HEADER]), () => {
    const id = currentRequestId()!;
    (req as { id?: string }).id = id;
    res.setHeader(REQUEST_ID_HEADER, id);
    next();
  });
};

import type { RequestHandler } from 'express';
import { createExpressMiddleware } from '@trpc/server/adapters/express';
import type { BffContext } from '../bff-context';
import { appRouter } from './app-router';

/** /api/trpc over the HTTP batch protocol; tRPC reads the body itself (100 kb at most). */
export function trpcMiddleware(bff: BffContext): RequestHandler {
  return createExpressMiddleware({
    router: appRouter,
    createContext: ({ req, res }) => ({ req, res, bff }),
    maxBodySize: 100 * 1024,
    maxBatchSize: 10,
    onError: ({ error, path }) => {
      if (error.code === 'INTERNAL_SERVER_ERROR')
        bff.deps.logger.error({ err: error.cause ?? error, path }, 'tRPC procedure failed');
    },
  });
}

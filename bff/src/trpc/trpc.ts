import type { Request, Response } from 'express';
import { initTRPC, TRPCError } from '@trpc/server';
import type { BffContext } from '../bff-context';
import { csrfInvalidError, isCsrfValid } from '../security/csrf';
import type { AnyEndpoint } from '@cuota/contracts/http/endpoint';
import { authorizeCall } from '../security/access-policy';
import { unauthenticatedError } from '../session/signed-in';
import { apiCodeOf, detailsOf, spanishMessage, toTrpcError } from './trpc-errors';

export interface TrpcContext {
  req: Request;
  res: Response;
  bff: BffContext;
}

const t = initTRPC.context<TrpcContext>().create({
  isDev: false,
  errorFormatter: ({ shape, error }) => {
    const details = detailsOf(error);
    return {
      ...shape,
      message: spanishMessage(error),
      data: {
        code: shape.data.code,
        httpStatus: shape.data.httpStatus,
        path: shape.data.path,
        apiCode: apiCodeOf(error),
        ...(details ? { details } : {}),
      },
    };
  },
});

export const router = t.router;

/** Mutations need the session's CSRF token in `x-csrf-token` (queries are GETs). */
const csrfOnMutations = t.middleware(({ ctx, type, next }) => {
  if (type === 'mutation' && !isCsrfValid(ctx.req)) throw toTrpcError(csrfInvalidError());
  return next();
});

/**
 * A procedure allowed to whom its definition allows (packages/contracts, the access the
 * REST path checks with the same authorizeCall): UNAUTHORIZED without a session, FORBIDDEN
 * for a kind or grant it does not admit. The procedure runs as the signed-in identity.
 */
export function definedProcedure(endpoint: AnyEndpoint) {
  return t.procedure
    .use(({ ctx, next }) => {
      let identity;
      try {
        identity = authorizeCall(ctx.req, endpoint, {});
      } catch (err) {
        throw toTrpcError(err);
      }
      if (!identity) throw toTrpcError(unauthenticatedError());
      return next({ ctx: { ...ctx, identity } });
    })
    .use(csrfOnMutations);
}

/** Runs a service call, turning its HttpError into the matching tRPC error. */
export async function callService<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (err) {
    throw toTrpcError(err);
  }
}

export { TRPCError };

import type { Request, Response } from 'express';
import { initTRPC, TRPCError } from '@trpc/server';
import type { BffContext } from '../bff-context';
import { csrfInvalidError, isCsrfValid } from '../security/csrf';
import { requireKind } from '../session/signed-in';
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

/** Signed in as a guardian: UNAUTHORIZED without a session, FORBIDDEN for staff. */
const signedInGuardian = t.middleware(({ ctx, next }) => {
  let state;
  try {
    state = requireKind(ctx.req, 'guardian');
  } catch (err) {
    throw toTrpcError(err);
  }
  return next({ ctx: { ...ctx, guardian: state.identity } });
});

export const guardianProcedure = t.procedure.use(signedInGuardian).use(csrfOnMutations);

/** Runs a service call, turning its HttpError into the matching tRPC error. */
export async function callService<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (err) {
    throw toTrpcError(err);
  }
}

export { TRPCError };

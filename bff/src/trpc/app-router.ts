import { router } from './trpc';
import { guardianRouter } from './guardian-router';

/** Everything at /api/trpc. Front ends parse results with the contracts' zod schemas. */
export const appRouter = router({ guardian: guardianRouter });

export type AppRouter = typeof appRouter;

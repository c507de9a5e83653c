import type { AnyTRPCRouter } from '@trpc/server';
import { endpointKey } from '@cuota/contracts/http/endpoint';
import { TRPC_PATH } from '@cuota/contracts/identity/shell-endpoints';

/**
 * Each procedure of a router as its definition names it (`GET /api/trpc/guardian.me`: queries
 * are GETs, mutations POSTs), for the check that the BFF serves exactly its definitions.
 */
export function procedureKeys(router: AnyTRPCRouter): string[] {
  return Object.entries(router._def.procedures as Record<string, { _def: { type: string } }>).map(
    ([name, procedure]) =>
      endpointKey({
        method: procedure._def.type === 'query' ? 'GET' : 'POST',
        path: `${TRPC_PATH}/${name}`,
      }),
  );
}

import { apiReference, openApiDocument } from '@cuota/contracts/identity/endpoints';
import type { BffContext } from './bff-context';
import { servedBy, type BffImplementation } from './http/bff-endpoints';
import { appSignInHandlers } from './identity/app-sign-in-handlers';
import { authHandlers } from './identity/auth-handlers';
import { bearerTokenHandlers } from './identity/bearer-token-handlers';
import { guardianLoginHandlers } from './identity/guardian-login-handlers';
import { portalFeaturesHandlers } from './identity/portal-features-handlers';
import { staffHandlers } from './identity/staff-handlers';
import { tokenKeyHandlers } from './identity/token-key-handlers';
import { openApiRoutes } from './openapi/openapi-routes';
import { remotesHandlers } from './shell/remotes-handlers';

/**
 * Every endpoint the BFF answers itself (its `servedByBff` definitions in packages/contracts
 * identity/), each with its handler; the tRPC procedures are served by trpc/app-router.ts.
 */
export function ownEndpoints(ctx: BffContext): BffImplementation[] {
  // The API reference's router answers both of its definitions at their paths.
  const reference = openApiRoutes(ctx.config);
  return [
    ...authHandlers(ctx),
    ...guardianLoginHandlers(ctx),
    ...staffHandlers(ctx),
    ...portalFeaturesHandlers(ctx),
    ...remotesHandlers(ctx),
    ...tokenKeyHandlers(ctx),
    ...bearerTokenHandlers(ctx),
    ...appSignInHandlers(ctx),
    servedBy(openApiDocument, reference),
    servedBy(apiReference, reference),
  ];
}

import type { Express } from 'express';
import type { ServiceContext } from '@cuota/service-host/service-host';
import { cycleRoutes } from '../cycles/cycle-routes';
import type * as schema from '../schema';
import { schoolRoutes } from './school-routes';

/** A school and its academic structure: profile and settings, cycles. */
export function schoolDirectoryRoutes(app: Express, ctx: ServiceContext<typeof schema>): void {
  schoolRoutes(app, ctx);
  cycleRoutes(app, ctx);
}

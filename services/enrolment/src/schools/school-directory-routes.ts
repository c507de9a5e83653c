import type { Express } from 'express';
import type { ServiceContext } from '@cuota/service-host/service-host';
import { cycleRoutes } from '../cycles/cycle-routes';
import { levelRoutes } from '../levels/level-routes';
import type * as schema from '../schema';
import { sectionRoutes } from '../sections/section-routes';
import { schoolRoutes } from './school-routes';

/** A school and its academic structure: profile and settings, cycles, levels, sections. */
export function schoolDirectoryRoutes(app: Express, ctx: ServiceContext<typeof schema>): void {
  schoolRoutes(app, ctx);
  cycleRoutes(app, ctx);
  levelRoutes(app, ctx);
  sectionRoutes(app, ctx);
}

import path from 'node:path';
import type { ServiceDefinition } from '@cuota/service-host/service-host';
import { admissionRoutes } from './admissions/admission-routes';
import { cycleHandlers } from './cycles/cycle-handlers';
import { guardianRoutes } from './guardians/guardian-routes';
import { importRoutes } from './imports/import-routes';
import { levelHandlers } from './levels/level-handlers';
import { sectionHandlers } from './sections/section-handlers';
import { integrationRoutes } from './integrations/integration-routes';
import { startImportWorker } from './imports/import-worker-registry';
import { membershipHandlers } from './memberships/membership-handlers';
import { portalFeaturesRoutes } from './portal/portal-features-routes';
import * as schema from './schema';
import { schoolHandlers } from './schools/school-handlers';
import { staffHandlers } from './staff/staff-handlers';
import { studentRoutes } from './students/student-routes';

/** Enrolment owns who is who: schools, levels, sections, students, guardians and staff. */
export const enrolmentService: ServiceDefinition<typeof schema> = {
  name: 'enrolment',
  schema,
  migrationsFolder: path.resolve(__dirname, '../drizzle'),
  streams: ['ENROLMENT'],
  endpoints: (ctx) => [
    ...levelHandlers(ctx),
    ...sectionHandlers(ctx),
    ...schoolHandlers(ctx),
    ...cycleHandlers(ctx),
    ...staffHandlers(ctx),
    ...membershipHandlers(ctx),
  ],
  routes: (app, ctx) => {
    admissionRoutes(app, ctx);
    importRoutes(app, ctx);
    guardianRoutes(app, ctx);
    portalFeaturesRoutes(app, ctx.db);
    studentRoutes(app, ctx);
    integrationRoutes(app, ctx);
  },
  // The student import worker (imports/import-worker.ts) runs inside the service process.
  extras: startImportWorker,
};

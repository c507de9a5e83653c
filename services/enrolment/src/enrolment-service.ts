import path from 'node:path';
import type { ServiceDefinition } from '@cuota/service-host/service-host';
import { admissionGuardianHandlers } from './admissions/admission-guardian-handlers';
import { inscriptionHandlers } from './admissions/inscription-handlers';
import { leadHandlers } from './admissions/lead-handlers';
import { signupHandlers } from './admissions/signup-handlers';
import { cycleHandlers } from './cycles/cycle-handlers';
import { ENROLMENT_UNIQUE_VIOLATIONS } from './enrolment-conflicts';
import { billingAssignmentHandlers } from './guardians/billing/billing-assignment-handlers';
import { guardianHandlers } from './guardians/guardian-handlers';
import { serveGuardianNames } from './guardians/guardian-names-responder';
import { importHandlers } from './imports/import-handlers';
import { startImportWorker } from './imports/import-worker-registry';
import { integrationHandlers } from './integrations/integration-handlers';
import { levelHandlers } from './levels/level-handlers';
import { mailSender } from './mail-sender';
import { membershipHandlers } from './memberships/membership-handlers';
import { portalHandlers } from './portal/portal-handlers';
import * as schema from './schema';
import { schoolHandlers } from './schools/school-handlers';
import { sectionHandlers } from './sections/section-handlers';
import { staffHandlers } from './staff/staff-handlers';
import { studentListHandlers } from './students/list/student-list-handlers';
import { studentPhotoHandlers } from './students/photo/student-photo-handlers';
import { studentStatusHandlers } from './students/status/student-status-handlers';
import { studentHandlers } from './students/student-handlers';

/** Enrolment owns who is who: schools, levels, sections, students, guardians and staff. */
export const enrolmentService: ServiceDefinition<typeof schema> = {
  name: 'enrolment',
  schema,
  migrationsFolder: path.resolve(__dirname, '../drizzle'),
  streams: ['ENROLMENT'],
  uniqueViolations: ENROLMENT_UNIQUE_VIOLATIONS,
  endpoints: (ctx) => {
    // One SMTP connection for every e-mail enrolment sends.
    const sendMail = mailSender(ctx.config, ctx.logger);
    return [
      ...schoolHandlers(ctx),
      ...cycleHandlers(ctx),
      ...levelHandlers(ctx),
      ...sectionHandlers(ctx),
      ...studentHandlers(ctx),
      ...studentListHandlers(ctx),
      ...studentStatusHandlers(ctx),
      ...studentPhotoHandlers(ctx),
      ...guardianHandlers(ctx),
      ...billingAssignmentHandlers(ctx),
      ...leadHandlers(ctx),
      ...admissionGuardianHandlers(ctx),
      ...inscriptionHandlers(ctx),
      ...signupHandlers(ctx, sendMail),
      ...importHandlers(ctx),
      ...integrationHandlers(ctx),
      ...portalHandlers(ctx),
      ...staffHandlers(ctx, sendMail),
      ...membershipHandlers(ctx),
    ];
  },
  // The student import worker (imports/import-worker.ts) runs inside the service process, and
  // enrolment answers other domains' questions about guardians (ADR 0095).
  extras: async (ctx) => {
    const names = serveGuardianNames(ctx.db, ctx.nc, ctx.ns, (err) =>
      ctx.logger.error({ err }, 'guardian names failed'),
    );
    await ctx.nc.flush(); // answering before start() returns
    const stopWorker = await startImportWorker(ctx);
    return async () => {
      names.unsubscribe();
      await stopWorker();
    };
  },
};

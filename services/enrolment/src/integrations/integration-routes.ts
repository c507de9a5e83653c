import type { Express } from 'express';
import {
  massiveSyncSchema,
  publicV1QuerySchema,
  singleSyncSchema,
} from '@cuota/contracts/enrolment/integrations';
import type { ServiceContext } from '@cuota/service-host/service-host';
import { requireKind } from '@cuota/service-runtime/http/require-identity';
import { parseInput } from '@cuota/service-runtime/http/validate';
import { requirePermission } from '../access';
import { authorizeGuardian } from '../guardians/guardian-access';
import { publishGuardianUpdated } from '../guardians/guardian-snapshot';
import type * as schema from '../schema';
import { authorizeStudent } from '../students/student-access';
import { publishStudentUpdated } from '../students/student-snapshot';
import { publicPage, type PublicResource, type PublicRow } from './public-v1';
import { PUBLIC_RESOURCES } from './public-v1-resources';
import { resyncSchool, schoolSize } from './resync';

/** Who may run integration tasks: whoever may import students (docs/permissions.md). */
const SYNC_PERMISSION = 'imports.write';

/** Public v1 reads and the integration tasks (re-publishing to other services). */
export function integrationRoutes(app: Express, ctx: ServiceContext<typeof schema>): void {
  const { db } = ctx;

  const servePublic = <Dto extends PublicRow>(resource: PublicResource<Dto>) =>
    app.get(`/api/v1/internal/public/${resource.name}/`, async (req, res) => {
      const query = parseInput(publicV1QuerySchema, req.query, 'query');
      requirePermission(res, query.school_id, resource.permission);
      res.json(await publicPage(db, resource, query));
    });
  PUBLIC_RESOURCES.forEach((resource) => servePublic(resource as PublicResource<PublicRow>));

  app.post('/backoffice/integration/single_sync/', async (req, res) => {
    requireKind(res, 'staff');
    const input = parseInput(singleSyncSchema, req.body);
    if (input.student_id) {
      const { studentId, schoolId } = await authorizeStudent(
        db,
        res,
        input.student_id,
        SYNC_PERMISSION,
      );
      await db.transaction((tx) => publishStudentUpdated(tx, studentId));
      res.status(202).json({ school_id: schoolId, students: 1, guardians: 0 });
      return;
    }
    const { guardianId } = await authorizeGuardian(db, res, input.guardian_id, SYNC_PERMISSION);
    await db.transaction((tx) => publishGuardianUpdated(tx, guardianId));
    res.status(202).json({ school_id: null, students: 0, guardians: 1 });
  });

  /**
   * 202 with how many students and guardians will be re-published; the batches (one
   * transaction each, never one for the whole school) run after the answer: 100 000 students
   * take about half a minute, longer than a request should wait. A run cut short (a restart)
   * is simply run again; the read models take the same snapshot twice without harm.
   */
  app.post('/backoffice/integration/massive_sync/', async (req, res) => {
    requireKind(res, 'staff');
    const { school_id: schoolId } = parseInput(massiveSyncSchema, req.body);
    requirePermission(res, schoolId, SYNC_PERMISSION);
    const size = await schoolSize(db, schoolId);
    const log = ctx.logger.child({ schoolId });
    resyncSchool(db, schoolId).then(
      (counts) => log.info(counts, 'school re-published to the read models'),
      (err: unknown) => log.error({ err }, 'school re-publish stopped; run massive_sync again'),
    );
    res.status(202).json({ school_id: schoolId, ...size });
  });
}

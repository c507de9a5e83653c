import type { Express } from 'express';
import { eq } from 'drizzle-orm';
import type { ServiceContext } from '@cuota/service-host/service-host';
import type * as schema from '../schema';
import { students } from '../schema';
import { authorizeStudent } from './student-access';
import { guardiansOfStudent } from './student-profile';
import { publishStudentUpdated } from './student-snapshot';

/** Dashboard rows about one student: their guardians, and the re-publish action. */
export function studentDashboardRoutes(app: Express, ctx: ServiceContext<typeof schema>): void {
  const { db } = ctx;

  app.get('/api/v1/dashboard/students/:id/guardians/', async (req, res) => {
    const { studentId } = await authorizeStudent(db, res, req.params.id, 'guardians.read');
    const [row] = await db
      .select({ billing: students.billingGuardianId })
      .from(students)
      .where(eq(students.id, studentId));
    res.json(await guardiansOfStudent(db, studentId, row?.billing ?? null));
  });

  /**
   * trigger-save-action: publishes the student's current state again as
   * enrolment.student.updated so billing and invoicing resync (newest snapshot wins, so a
   * re-publish never rolls anything back). 202: the event is on its way.
   */
  app.post('/api/v4/dashboard/trigger-save-action/students/:id/', async (req, res) => {
    const { studentId } = await authorizeStudent(db, res, req.params.id, 'students.write');
    await db.transaction((tx) => publishStudentUpdated(tx, studentId));
    res.status(202).json({ student_id: studentId, published: 'enrolment.student.updated' });
  });
}

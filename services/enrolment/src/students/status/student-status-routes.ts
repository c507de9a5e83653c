import type { Express, Request, Response } from 'express';
import type { StudentStatus } from '@cuota/contracts/enrolment/entities';
import {
  changeStudentStatusSchema,
  inactivateStudentSchema,
  reactivateStudentSchema,
} from '@cuota/contracts/enrolment/student-status';
import { parseInput } from '@cuota/service-runtime/http/validate';
import type { ServiceContext } from '@cuota/service-host/service-host';
import type * as schema from '../../schema';
import { authorizeStudent } from '../student-access';
import { studentProfile } from '../student-profile';
import { changeStudentStatus } from './change-student-status';
import { studentStatusHistory } from './student-status-history';

/**
 * The spec's inactivate (DELETE) and reactivate (PATCH), our general status move
 * (POST …/status/, docs/architecture.md) for the other transitions of ADR 0008, and the
 * history of those moves (GET …/status_history/, staff only).
 */
export function studentStatusRoutes(app: Express, ctx: ServiceContext<typeof schema>): void {
  const { db } = ctx;

  async function move(
    req: Request,
    res: Response,
    read: (body: unknown) => { to: StudentStatus; reason?: string },
  ) {
    const access = await authorizeStudent(db, res, req.params.id as string, 'students.status');
    const { to, reason } = read(req.body);
    await db.transaction((tx) =>
      changeStudentStatus(tx, {
        studentId: access.studentId,
        to,
        reason: reason || null,
        changedBy: access.actor.kind === 'staff' ? access.actor.userId : null,
      }),
    );
    res.json(await studentProfile(db, access.studentId));
  }

  app.delete('/api/v1/dashboard/students/:id/inactivate/', (req, res) =>
    move(req, res, (body) => ({ to: 'inactive', ...parseInput(inactivateStudentSchema, body) })),
  );
  app.patch('/api/v1/dashboard/students/:id/reactivate/', (req, res) =>
    move(req, res, (body) => ({ to: 'active', ...parseInput(reactivateStudentSchema, body) })),
  );
  app.post('/api/v1/dashboard/students/:id/status/', (req, res) =>
    move(req, res, (body) => {
      const input = parseInput(changeStudentStatusSchema, body);
      return { to: input.status, reason: input.reason };
    }),
  );

  app.get('/api/v1/dashboard/students/:id/status_history/', async (req, res) => {
    const { studentId } = await authorizeStudent(db, res, req.params.id, 'students.read');
    res.json(await studentStatusHistory(db, studentId));
  });
}

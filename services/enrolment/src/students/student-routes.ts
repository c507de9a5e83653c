import type { Express, Request, Response } from 'express';
import type { z } from 'zod';
import {
  guardianPatchStudentSchema,
  guardianReplaceStudentSchema,
  patchStudentSchema,
  replaceStudentSchema,
  type StudentChanges,
} from '@cuota/contracts/enrolment/student-detail';
import { dashboardStudentsQuerySchema } from '@cuota/contracts/enrolment/student-list';
import { createStudentSchema } from '@cuota/contracts/enrolment/students';
import { notFound } from '@cuota/service-runtime/http/http-error';
import { parseInput } from '@cuota/service-runtime/http/validate';
import type { ServiceContext } from '@cuota/service-host/service-host';
import { requirePermission } from '../access';
import type * as schema from '../schema';
import { listSchoolStudents } from './list/student-list';
import { studentListRoutes } from './list/student-list-routes';
import { studentPhotoRoutes } from './photo/student-photo-routes';
import { registerStudent } from './register-student';
import { studentStatusRoutes } from './status/student-status-routes';
import { authorizeStudent, UNKNOWN_STUDENT } from './student-access';
import { studentDashboardRoutes } from './student-dashboard-routes';
import { studentProfile } from './student-profile';
import { updateStudent } from './update-student';

/** Staff edit placement and matrícula too; a guardian only the personal data. */
const EDIT_SCHEMAS: Record<
  'PUT' | 'PATCH',
  Record<'staff' | 'guardian', z.ZodType<StudentChanges>>
> = {
  PUT: { staff: replaceStudentSchema, guardian: guardianReplaceStudentSchema },
  PATCH: { staff: patchStudentSchema, guardian: guardianPatchStudentSchema },
};

export function studentRoutes(app: Express, ctx: ServiceContext<typeof schema>): void {
  const { db } = ctx;

  app.get('/api/v1/students/', async (req, res) => {
    const { school_id, ...query } = parseInput(dashboardStudentsQuerySchema, req.query, 'query');
    requirePermission(res, school_id, 'students.read');
    res.json(await listSchoolStudents(db, school_id, query));
  });

  app.post('/api/v1/students/', async (req, res) => {
    const input = parseInput(createStudentSchema, req.body);
    const staff = requirePermission(res, input.school_id, 'students.write');
    const id = await db.transaction((tx) =>
      registerStudent(tx, { ...input, changed_by: staff.user_id }),
    );
    res.status(201).json(await studentProfile(db, id));
  });

  /** Staff of the student's school, or one of the student's guardians. */
  app.get('/api/v1/students/:id/', async (req, res) => {
    const access = await authorizeStudent(db, res, req.params.id, 'students.read', {
      guardians: true,
    });
    const student = await studentProfile(db, access.studentId);
    if (!student) throw notFound(UNKNOWN_STUDENT);
    res.json(student);
  });

  async function edit(req: Request, res: Response, method: 'PUT' | 'PATCH') {
    const access = await authorizeStudent(db, res, req.params.id as string, 'students.write', {
      guardians: true,
    });
    const changes = parseInput(EDIT_SCHEMAS[method][access.actor.kind], req.body);
    await db.transaction((tx) => updateStudent(tx, access.studentId, changes));
    res.json(await studentProfile(db, access.studentId));
  }
  app.put('/api/v1/students/:id/', (req, res) => edit(req, res, 'PUT'));
  app.patch('/api/v1/students/:id/', (req, res) => edit(req, res, 'PATCH'));

  studentListRoutes(app, ctx);
  studentStatusRoutes(app, ctx);
  studentPhotoRoutes(app, ctx);
  studentDashboardRoutes(app, ctx);
}

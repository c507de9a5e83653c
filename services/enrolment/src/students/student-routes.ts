import type { Express } from 'express';
import { STUDENT_WRITE_ROLES } from '@cuota/contracts/enrolment/permissions';
import { createStudentSchema, studentListQuerySchema } from '@cuota/contracts/enrolment/students';
import { forbidden, notFound } from '@cuota/service-runtime/http/http-error';
import { identityOf } from '@cuota/service-runtime/http/require-identity';
import { parseInput } from '@cuota/service-runtime/http/validate';
import type { ServiceContext } from '@cuota/service-host/service-host';
import { parseId, requireSchoolMember } from '../access';
import { guardianMe } from '../guardians/guardian-directory';
import type * as schema from '../schema';
import { registerStudent } from './register-student';
import { listStudents, studentById } from './student-directory';

const UNKNOWN_STUDENT = 'No encontramos a este alumno.';

export function studentRoutes(app: Express, ctx: ServiceContext<typeof schema>): void {
  const { db } = ctx;

  app.get('/api/v1/students/', async (req, res) => {
    const query = parseInput(studentListQuerySchema, req.query, 'query');
    requireSchoolMember(res, query.school_id);
    res.json(await listStudents(db, query));
  });

  app.post('/api/v1/students/', async (req, res) => {
    const input = parseInput(createStudentSchema, req.body);
    const staff = requireSchoolMember(res, input.school_id);
    const role = staff.memberships.find((m) => m.school_id === input.school_id)!.role;
    if (!STUDENT_WRITE_ROLES.includes(role))
      throw forbidden('Tu rol no permite registrar alumnos.');
    const id = await db.transaction((tx) =>
      registerStudent(tx, { ...input, changed_by: staff.user_id }),
    );
    ctx.publish();
    res.status(201).json(await studentById(db, id));
  });

  /** Staff of the student's school, or one of the student's guardians. */
  app.get('/api/v1/students/:id/', async (req, res) => {
    const id = parseId(req.params.id);
    const student = await studentById(db, id);
    if (!student) throw notFound(UNKNOWN_STUDENT);
    const identity = identityOf(res);
    if (identity.kind === 'staff') requireSchoolMember(res, student.school_id);
    else if (identity.kind !== 'guardian' || !(await isDependentOf(id, identity.guardian_id)))
      throw notFound(UNKNOWN_STUDENT);
    res.json(student);
  });

  async function isDependentOf(studentId: string, guardianId: string): Promise<boolean> {
    const me = await guardianMe(db, guardianId);
    return !!me?.dependents.some((d) => d.id === studentId);
  }
}

import type { Express, Response } from 'express';
import { and, eq, inArray } from 'drizzle-orm';
import {
  admissionConceptsSchema,
  checkPaymentsBatchSchema,
} from '@cuota/contracts/enrolment/admissions';
import type { StudentStatus } from '@cuota/contracts/enrolment/entities';
import { forbidden, notFound } from '@cuota/service-runtime/http/http-error';
import { identityOf } from '@cuota/service-runtime/http/require-identity';
import { parseInput } from '@cuota/service-runtime/http/validate';
import type { ServiceContext } from '@cuota/service-host/service-host';
import { parseId, requirePermission } from '../access';
import type * as schema from '../schema';
import { studentGuardians, students } from '../schema';
import {
  requireInAdmission,
  studentFor,
  UNKNOWN_STUDENT,
  type StudentRef,
} from './admission-access';
import { assignConcepts, conceptIdsOf, unassignConcepts } from './admission-concepts';
import { checkPayments } from './payment-check';

/** Concepts of an admission (published for billing) and the payment check (asked of billing). */
export function inscriptionRoutes(app: Express, ctx: ServiceContext<typeof schema>): void {
  const { db } = ctx;

  for (const [path, change] of [
    ['/api/v1/admissions/assign_concepts/', assignConcepts],
    ['/api/v1/admissions/unassign_concepts/', unassignConcepts],
  ] as const)
    app.post(path, async (req, res) => {
      const input = parseInput(admissionConceptsSchema, req.body);
      const { student } = await studentFor(db, res, input.student_id, 'admissions.write');
      requireInAdmission(student);
      const changed = await db.transaction((tx) => change(tx, student, input.concept_ids));
      res.json({
        student_id: student.id,
        changed,
        concept_ids: await conceptIdsOf(db, student.id),
      });
    });

  app.get('/api/v1/admissions/check_payments/:id/', async (req, res) => {
    const { student, staff } = await studentFor(db, res, parseId(req.params.id), 'admissions.read');
    res.json(await checkPayments(ctx, student, staff.user_id));
  });

  /** Several students at once: staff of the school, or a guardian for their own children. */
  app.post('/api/v2/schools/inscriptions/check_payments/', async (req, res) => {
    const input = parseInput(checkPaymentsBatchSchema, req.body);
    const changedBy = await authorizeBatch(res, input.school_id, input.student_ids);
    const found = await studentsOfSchool(input.school_id, input.student_ids);
    const results = [];
    for (const student of found) results.push(await checkPayments(ctx, student, changedBy));
    res.json({ results });
  });

  async function authorizeBatch(res: Response, schoolId: string, ids: string[]) {
    const identity = identityOf(res);
    if (identity.kind === 'staff')
      return requirePermission(res, schoolId, 'admissions.read').user_id;
    if (identity.kind !== 'guardian') throw forbidden();
    const own = await db
      .select({ id: studentGuardians.studentId })
      .from(studentGuardians)
      .where(
        and(
          eq(studentGuardians.guardianId, identity.guardian_id),
          inArray(studentGuardians.studentId, ids),
        ),
      );
    const mine = new Set(own.map((r) => r.id));
    if (ids.some((id) => !mine.has(id))) throw notFound(UNKNOWN_STUDENT);
    return null;
  }

  /** Every id must be a student of the school; one that is not is a 404 for the whole call. */
  async function studentsOfSchool(schoolId: string, ids: string[]): Promise<StudentRef[]> {
    const rows = await db
      .select({ id: students.id, schoolId: students.schoolId, status: students.status })
      .from(students)
      .where(inArray(students.id, ids));
    const unique = new Set(ids);
    if (rows.length !== unique.size || rows.some((r) => r.schoolId !== schoolId))
      throw notFound(UNKNOWN_STUDENT);
    return rows.map((r) => ({ ...r, status: r.status as StudentStatus }));
  }
}

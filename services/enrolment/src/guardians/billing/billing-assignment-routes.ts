import type { Express, Response } from 'express';
import { inArray } from 'drizzle-orm';
import {
  assignBillingSchema,
  assignBillingsSchema,
  type AssignBilling,
} from '@cuota/contracts/enrolment/guardian-profile';
import { notFound } from '@cuota/service-runtime/http/http-error';
import { requireKind } from '@cuota/service-runtime/http/require-identity';
import { parseInput } from '@cuota/service-runtime/http/validate';
import type { ServiceContext } from '@cuota/service-host/service-host';
import { requirePermission } from '../../access';
import type { EnrolmentDb } from '../../enrolment-db';
import type * as schema from '../../schema';
import { students } from '../../schema';
import { isGuardianOf, UNKNOWN_STUDENT } from '../../students/student-access';
import { assignBillingGuardians } from './assign-billing';

/**
 * Staff need students.write in every student's school; a guardian may choose among the
 * guardians of their own dependents only. An unknown or foreign student is a 404.
 */
async function authorizeAssignments(db: EnrolmentDb, res: Response, list: AssignBilling[]) {
  const identity = requireKind(res, 'guardian', 'staff');
  const ids = [...new Set(list.map((a) => a.student_id))];
  const found = await db
    .select({ id: students.id, schoolId: students.schoolId })
    .from(students)
    .where(inArray(students.id, ids));
  if (found.length !== ids.length) throw notFound(UNKNOWN_STUDENT);
  for (const s of found) {
    if (identity.kind === 'staff')
      requirePermission(res, s.schoolId, 'students.write', UNKNOWN_STUDENT);
    else if (!(await isGuardianOf(db, s.id, identity.guardian_id))) throw notFound(UNKNOWN_STUDENT);
  }
}

/**
 * PATCH /api/v1/guardians/assign_billing/ and assign_billings/. The spec lists them under
 * invoicing; the billing guardian is a property of the student that enrolment owns, so the
 * BFF routes them here (docs/architecture.md) and invoicing learns it from student.updated.
 */
export function billingAssignmentRoutes(app: Express, ctx: ServiceContext<typeof schema>): void {
  const { db } = ctx;

  async function assign(res: Response, list: AssignBilling[]) {
    await authorizeAssignments(db, res, list);
    await db.transaction((tx) => assignBillingGuardians(tx, list));
    res.json(list.map((a) => ({ student_id: a.student_id, billing_guardian_id: a.guardian_id })));
  }

  app.patch('/api/v1/guardians/assign_billing/', async (req, res) => {
    const input = parseInput(assignBillingSchema, req.body);
    await assign(res, [input]);
  });
  app.patch('/api/v1/guardians/assign_billings/', async (req, res) => {
    const { assignments } = parseInput(assignBillingsSchema, req.body);
    await assign(res, assignments);
  });
}

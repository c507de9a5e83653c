import type { Express, Response } from 'express';
import { asc, eq } from 'drizzle-orm';
import type { StudentDirectory } from '@cuota/contracts/billing/responses';
import { forbidden } from '@cuota/service-runtime/http/http-error';
import { identityOf } from '@cuota/service-runtime/http/require-identity';
import { spanishOrder } from '@cuota/service-runtime/db/spanish-order';
import type { BillingDb } from '../billing-db';
import { studentDirectory } from '../schema';

/** The BFF itself, or staff of that school; guardians never list a whole school. */
function requireDirectoryReader(res: Response, schoolId: string): void {
  const identity = identityOf(res);
  if (identity.kind === 'service') return;
  if (identity.kind === 'staff' && identity.memberships.some((m) => m.school_id === schoolId))
    return;
  throw forbidden('No tienes permiso para consultar los alumnos de esta escuela.');
}

export function studentDirectoryRoutes(app: Express, db: BillingDb): void {
  app.get('/internal/student-directory/:schoolId', async (req, res) => {
    const { schoolId } = req.params;
    requireDirectoryReader(res, schoolId);
    const rows = await db
      .select()
      .from(studentDirectory)
      .where(eq(studentDirectory.schoolId, schoolId))
      .orderBy(
        spanishOrder(studentDirectory.lastName),
        spanishOrder(studentDirectory.firstName),
        asc(studentDirectory.studentId),
      );
    const body: StudentDirectory = {
      count: rows.length,
      students: rows.map((r) => ({
        student_id: r.studentId,
        school_id: r.schoolId,
        first_name: r.firstName,
        last_name: r.lastName,
        level: r.level,
        section_id: r.sectionId,
        status: r.status,
        billing_guardian_id: r.billingGuardianId,
        updated_at: r.updatedAt.toISOString(),
      })),
    };
    res.json(body);
  });
}

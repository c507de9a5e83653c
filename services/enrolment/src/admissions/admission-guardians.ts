import { and, eq, ne, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type {
  admissionGuardianInputSchema,
  updateAdmissionGuardianSchema,
} from '@cuota/contracts/enrolment/admissions';
import { guardianDeletedV1 } from '@cuota/contracts/events/enrolment.guardian.deleted.v1';
import { guardianUpdatedV1 } from '@cuota/contracts/events/enrolment.guardian.updated.v1';
import { enqueueEvent } from '@cuota/messaging/outbox/enqueue-event';
import type { Executor } from '@cuota/messaging/transaction';
import { conflict } from '@cuota/service-runtime/http/http-error';
import { guardianSchools, guardians, studentGuardians, students } from '../schema';

/** Links a guardian to a lead (idempotent: linking twice keeps one link). */
export async function linkGuardian(
  tx: Executor,
  guardianId: string,
  studentId: string,
  relationship: string | null,
): Promise<void> {
  await tx
    .insert(studentGuardians)
    .values({ studentId, guardianId, relationship })
    .onConflictDoUpdate({
      target: [studentGuardians.studentId, studentGuardians.guardianId],
      set: { relationship },
    });
}

/** Makes sure the guardian is known to the school (a guardian may belong to several). */
export async function joinSchool(tx: Executor, guardianId: string, schoolId: string) {
  await tx.insert(guardianSchools).values({ guardianId, schoolId }).onConflictDoNothing();
}

export async function updateGuardianContact(
  tx: Executor,
  guardianId: string,
  input: z.infer<typeof updateAdmissionGuardianSchema>,
): Promise<void> {
  const [row] = await tx
    .update(guardians)
    .set({ ...snake(input), updatedAt: new Date() })
    .where(eq(guardians.id, guardianId))
    .returning();
  const schools = await schoolIdsOf(tx, guardianId);
  await enqueueEvent(tx, guardianUpdatedV1, {
    guardian_id: row!.id,
    school_ids: schools,
    first_name: row!.firstName,
    last_name: row!.lastName,
    email: row!.email,
    billing_name: row!.billingName,
    tax_id: row!.taxId,
    tax_zip_code: row!.taxZipCode,
  });
}

const snake = (input: Omit<z.infer<typeof admissionGuardianInputSchema>, 'relationship'>) => ({
  firstName: input.first_name,
  lastName: input.last_name,
  email: input.email,
  phone: input.phone,
});

async function schoolIdsOf(tx: Executor, guardianId: string): Promise<string[]> {
  const rows = await tx
    .select({ id: guardianSchools.schoolId })
    .from(guardianSchools)
    .where(eq(guardianSchools.guardianId, guardianId));
  return rows.map((r) => r.id);
}

/**
 * Deletes a guardian created in admissions. Refused (409) while the guardian has any student
 * other than `exceptStudentId` (the lead whose form removes them): a family's guardian is
 * unlinked from the student's page, never deleted from under the other children.
 */
export async function deleteAdmissionGuardian(
  tx: Executor,
  guardianId: string,
  exceptStudentId: string | null,
): Promise<void> {
  const others = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(studentGuardians)
    .where(
      and(
        eq(studentGuardians.guardianId, guardianId),
        exceptStudentId ? ne(studentGuardians.studentId, exceptStudentId) : undefined,
      ),
    );
  if ((others[0]?.n ?? 0) > 0)
    throw conflict(
      'Este tutor tiene otros alumnos: desvincúlalo del alumno en lugar de eliminarlo.',
    );
  const schools = await schoolIdsOf(tx, guardianId);
  await tx
    .update(students)
    .set({ billingGuardianId: null })
    .where(eq(students.billingGuardianId, guardianId));
  await tx.delete(studentGuardians).where(eq(studentGuardians.guardianId, guardianId));
  await tx.delete(guardianSchools).where(eq(guardianSchools.guardianId, guardianId));
  await tx.delete(guardians).where(eq(guardians.id, guardianId));
  await enqueueEvent(tx, guardianDeletedV1, { guardian_id: guardianId, school_ids: schools });
}

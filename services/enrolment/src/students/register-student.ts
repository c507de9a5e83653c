import { and, eq, inArray } from 'drizzle-orm';
import type { CreateStudent } from '@cuota/contracts/enrolment/students';
import { studentCreatedV1 } from '@cuota/contracts/events/enrolment.student.created.v1';
import { enqueueEvent } from '@cuota/messaging/outbox/enqueue-event';
import type { Executor } from '@cuota/messaging/transaction';
import { HttpError } from '@cuota/service-runtime/http/http-error';
import {
  guardians,
  levels,
  sections,
  studentGuardians,
  studentStatusChanges,
  students,
} from '../schema';

const invalid = (path: string, message: string) =>
  new HttpError(400, 'VALIDATION_FAILED', 'Revisa los datos del alumno.', [{ path, message }]);

/**
 * Registers a student with their guardians and publishes enrolment.student.created in
 * the same transaction (outbox): the event exists if and only if the student does.
 */
export async function registerStudent(
  tx: Executor,
  input: CreateStudent & { external_ref?: string | null; changed_by?: string | null },
): Promise<string> {
  const [level] = await tx
    .select()
    .from(levels)
    .where(and(eq(levels.schoolId, input.school_id), eq(levels.level, input.level)));
  if (!level) throw invalid('level', 'La escuela no ofrece este nivel.');
  if (input.section_id) {
    const [section] = await tx
      .select({ id: sections.id })
      .from(sections)
      .where(and(eq(sections.id, input.section_id), eq(sections.levelId, level.id)));
    if (!section) throw invalid('section_id', 'El grupo no pertenece a este nivel.');
  }
  await checkGuardians(tx, input);
  const [student] = await tx
    .insert(students)
    .values({
      schoolId: input.school_id,
      levelId: level.id,
      sectionId: input.section_id,
      firstName: input.first_name,
      lastName: input.last_name,
      gender: input.gender,
      birthDate: input.birth_date,
      nationality: input.nationality,
      status: input.status,
      billingGuardianId: input.billing_guardian_id,
      externalRef: input.external_ref ?? null,
    })
    .returning();
  await tx.insert(studentStatusChanges).values({
    studentId: student!.id,
    fromStatus: null,
    toStatus: input.status,
    changedBy: input.changed_by ?? null,
  });
  if (input.guardian_ids.length)
    await tx
      .insert(studentGuardians)
      .values(input.guardian_ids.map((guardianId) => ({ studentId: student!.id, guardianId })));
  await enqueueEvent(tx, studentCreatedV1, {
    student_id: student!.id,
    school_id: input.school_id,
    first_name: input.first_name,
    last_name: input.last_name,
    level: input.level,
    section_id: input.section_id,
    status: input.status,
    billing_guardian_id: input.billing_guardian_id,
  });
  return student!.id;
}

async function checkGuardians(tx: Executor, input: CreateStudent): Promise<void> {
  if (input.billing_guardian_id && !input.guardian_ids.includes(input.billing_guardian_id))
    throw invalid('billing_guardian_id', 'El tutor de facturación debe ser uno de sus tutores.');
  if (!input.guardian_ids.length) return;
  const found = await tx
    .select({ id: guardians.id })
    .from(guardians)
    .where(inArray(guardians.id, input.guardian_ids));
  if (found.length !== new Set(input.guardian_ids).size)
    throw invalid('guardian_ids', 'Alguno de los tutores no existe.');
}

import { eq } from 'drizzle-orm';
import type { Executor } from '@cuota/messaging/transaction';
import { students } from '../schema';

/**
 * CURP and matrícula are not part of registerStudent's input (nor of the created event):
 * set them in the same transaction, so the student never exists without them.
 */
export async function setStudentKeys(
  tx: Executor,
  studentId: string,
  keys: { curp: string | null; enrolmentCode?: string | null },
): Promise<void> {
  if (!keys.curp && !keys.enrolmentCode) return;
  await tx
    .update(students)
    .set({ curp: keys.curp, enrolmentCode: keys.enrolmentCode ?? null })
    .where(eq(students.id, studentId));
}

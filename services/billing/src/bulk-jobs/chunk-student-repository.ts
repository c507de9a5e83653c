import { sql } from 'drizzle-orm';
import type { Executor } from '@cuota/messaging/transaction';
import type { StudentRow } from '@cuota/student-directory/student-directory-repository';
import { studentDirectory } from '../schema';
import type { BulkJobError } from './bulk-job-repository';

export const NOT_IN_SCHOOL = 'Este alumno no está en la escuela.';
export const NOT_ACTIVE = 'Este alumno no está activo.';
export const NO_ORDER = 'Este alumno no tiene la orden de este concepto y periodo.';

const nameOf = (s: StudentRow | undefined) => (s ? `${s.firstName} ${s.lastName}` : null);

/** A chunk's students as billing's directory knows them, and how to say what went wrong. */
export interface ChunkStudents {
  /** Those of the job's school, by id. */
  known: Map<string, StudentRow>;
  error: (studentId: string, reason: string) => BulkJobError;
  /** The chunk's students of the school that pass `check` (else an error each). */
  passing: (
    ids: string[],
    check: (s: StudentRow) => string | null,
  ) => { ok: StudentRow[]; errors: BulkJobError[] };
}

export async function chunkStudents(
  tx: Executor,
  schoolId: string,
  ids: string[],
): Promise<ChunkStudents> {
  const rows = await tx
    .select()
    .from(studentDirectory)
    // One array parameter, not 250: one plan for every chunk.
    .where(sql`${studentDirectory.studentId} = ANY(${sql.param(ids)}::text[])`);
  const known = new Map(rows.filter((r) => r.schoolId === schoolId).map((r) => [r.studentId, r]));
  const error = (studentId: string, reason: string) => ({
    student_id: studentId,
    student_name: nameOf(known.get(studentId)),
    reason,
  });
  const passing: ChunkStudents['passing'] = (chunk, check) => {
    const ok: StudentRow[] = [];
    const errors: BulkJobError[] = [];
    for (const id of chunk) {
      const student = known.get(id);
      const reason = student ? check(student) : NOT_IN_SCHOOL;
      if (reason) errors.push(error(id, reason));
      else ok.push(student!);
    }
    return { ok, errors };
  };
  return { known, error, passing };
}

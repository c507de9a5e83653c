import { and, asc, count, desc, eq, exists, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type {
  AdmissionStudent,
  InscriptionCard,
  inscriptionsQuerySchema,
} from '@cuota/contracts/enrolment/admissions';
import type { EducationLevel, StudentStatus } from '@cuota/contracts/enrolment/entities';
import type { Executor } from '@cuota/messaging/transaction';
import {
  guardians,
  levels,
  sections,
  studentGuardians,
  studentStatusChanges,
  students,
} from '../schema';
import { conceptCounts, conceptIdsOf } from './inscription-repository';

/**
 * Reads the admissions screens answer (a lead with its guardians and concepts, a guardian
 * with their students in the school, the board, a student's admission history): they
 * compose students, guardians, their links and the status history.
 */

async function guardiansOf(db: Executor, studentId: string) {
  return db
    .select({
      id: guardians.id,
      first_name: guardians.firstName,
      last_name: guardians.lastName,
      email: guardians.email,
      phone: guardians.phone,
      relationship: studentGuardians.relationship,
    })
    .from(studentGuardians)
    .innerJoin(guardians, eq(guardians.id, studentGuardians.guardianId))
    .where(eq(studentGuardians.studentId, studentId))
    .orderBy(asc(guardians.createdAt), asc(guardians.id));
}

/** student_lead/{id}: the admission record with guardians and concepts. */
export async function admissionStudent(db: Executor, id: string): Promise<AdmissionStudent | null> {
  const [row] = await db
    .select({ student: students, level: levels.level, section: sections })
    .from(students)
    .innerJoin(levels, eq(levels.id, students.levelId))
    .leftJoin(sections, eq(sections.id, students.sectionId))
    .where(eq(students.id, id));
  if (!row) return null;
  const { student, section } = row;
  return {
    id: student.id,
    school_id: student.schoolId,
    first_name: student.firstName,
    last_name: student.lastName,
    level: row.level as EducationLevel,
    section: section ? { id: section.id, name: section.name } : null,
    gender: student.gender as AdmissionStudent['gender'],
    birth_date: student.birthDate,
    curp: student.curp,
    status: student.status as StudentStatus,
    guardians: await guardiansOf(db, id),
    concept_ids: await conceptIdsOf(db, id),
    created_at: student.createdAt.toISOString(),
  };
}

/** guardian/{id}: the guardian and their students in one school. */
export async function admissionGuardian(db: Executor, guardianId: string, schoolId: string) {
  const [guardian] = await db.select().from(guardians).where(eq(guardians.id, guardianId));
  if (!guardian) return null;
  const family = await db
    .select({
      id: students.id,
      first_name: students.firstName,
      last_name: students.lastName,
      status: students.status,
      relationship: studentGuardians.relationship,
    })
    .from(studentGuardians)
    .innerJoin(students, eq(students.id, studentGuardians.studentId))
    .where(and(eq(studentGuardians.guardianId, guardianId), eq(students.schoolId, schoolId)))
    .orderBy(asc(students.firstName), asc(students.id));
  return {
    id: guardian.id,
    first_name: guardian.firstName,
    last_name: guardian.lastName,
    email: guardian.email,
    phone: guardian.phone,
    students: family.map((s) => ({ ...s, status: s.status as StudentStatus })),
  };
}

type BoardQuery = z.infer<typeof inscriptionsQuerySchema>;

/** Inscribed through admissions: the student went from applicant to active at some point. */
const inscribedThroughAdmissions = (db: Executor) =>
  exists(
    db
      .select({ one: sql`1` })
      .from(studentStatusChanges)
      .where(
        and(
          eq(studentStatusChanges.studentId, students.id),
          eq(studentStatusChanges.fromStatus, 'new_student'),
          eq(studentStatusChanges.toStatus, 'active'),
        ),
      ),
  );

/** One column of the admissions board, newest movement first, paged in SQL. */
export async function inscriptionsBoard(db: Executor, schoolId: string, query: BoardQuery) {
  const conditions: SQL[] = [eq(students.schoolId, schoolId), eq(students.status, query.status)];
  if (query.status === 'active') conditions.push(inscribedThroughAdmissions(db));
  if (query.search) {
    const pattern = `%${query.search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    // The child's or a guardian's full name: families are asked for by either.
    conditions.push(
      or(
        sql`(${students.firstName} || ' ' || ${students.lastName}) ILIKE ${pattern}`,
        sql`EXISTS (SELECT 1 FROM ${studentGuardians} sg JOIN ${guardians} g ON g.id = sg.guardian_id
              WHERE sg.student_id = ${students.id}
                AND (g.first_name || ' ' || g.last_name) ILIKE ${pattern})`,
      )!,
    );
  }
  const where = and(...conditions);
  const [rows, [total]] = await Promise.all([
    db
      .select({ student: students, level: levels.level })
      .from(students)
      .innerJoin(levels, eq(levels.id, students.levelId))
      .where(where)
      .orderBy(desc(students.updatedAt), asc(students.id))
      .limit(query.page_size)
      .offset((query.page - 1) * query.page_size),
    db.select({ n: count() }).from(students).where(where),
  ]);
  const ids = rows.map((r) => r.student.id);
  const [names, concepts] = await Promise.all([guardianNames(db, ids), conceptCounts(db, ids)]);
  const results: InscriptionCard[] = rows.map(({ student, level }) => ({
    id: student.id,
    first_name: student.firstName,
    last_name: student.lastName,
    level: level as EducationLevel,
    status: query.status,
    guardian_names: names.get(student.id) ?? [],
    concept_count: concepts.get(student.id) ?? 0,
    updated_at: student.updatedAt.toISOString(),
  }));
  return { count: total?.n ?? 0, page: query.page, page_size: query.page_size, results };
}

async function guardianNames(db: Executor, ids: string[]): Promise<Map<string, string[]>> {
  const byStudent = new Map<string, string[]>();
  if (!ids.length) return byStudent;
  const rows = await db
    .select({
      studentId: studentGuardians.studentId,
      first: guardians.firstName,
      last: guardians.lastName,
    })
    .from(studentGuardians)
    .innerJoin(guardians, eq(guardians.id, studentGuardians.guardianId))
    .where(inArray(studentGuardians.studentId, ids))
    .orderBy(asc(guardians.createdAt));
  for (const r of rows)
    byStudent.set(r.studentId, [...(byStudent.get(r.studentId) ?? []), `${r.first} ${r.last}`]);
  return byStudent;
}

/** /academic-coordinator/students/{id}/inscriptions/: the admission history of a student. */
export async function studentInscriptions(db: Executor, studentId: string, status: StudentStatus) {
  const history = await db
    .select()
    .from(studentStatusChanges)
    .where(eq(studentStatusChanges.studentId, studentId))
    .orderBy(asc(studentStatusChanges.changedAt), asc(studentStatusChanges.id));
  return {
    student_id: studentId,
    status,
    concept_ids: await conceptIdsOf(db, studentId),
    history: history.map((h) => ({
      from_status: h.fromStatus as StudentStatus | null,
      to_status: h.toStatus as StudentStatus,
      reason: h.reason,
      changed_at: h.changedAt.toISOString(),
    })),
  };
}

/** Serialises one family's sign-ups (a transaction-scoped advisory lock on school + e-mail). */
export async function lockSignupOf(tx: Executor, schoolId: string, email: string): Promise<void> {
  await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${`${schoolId}:${email}`}))`);
}

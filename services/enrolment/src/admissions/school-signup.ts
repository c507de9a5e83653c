import { and, eq, sql } from 'drizzle-orm';
import type { SchoolSignup } from '@cuota/contracts/enrolment/signup';
import type { Executor } from '@cuota/messaging/transaction';
import { registerGuardian } from '../guardians/register-guardian';
import { guardianSchools, guardians, studentGuardians, students } from '../schema';
import { createLead } from './lead-commands';

/**
 * A family's own registration from the school's site: each child a lead, linked to the
 * guardian who wrote. The caller is nobody in particular, so an existing family of the
 * school is never touched: a guardian record is reused only when it is a prospect (every
 * child of theirs still a lead), which is also what makes a repeated submission a no-op.
 * Returns how many children were registered now.
 */
export async function signUpFamily(
  tx: Executor,
  schoolId: string,
  input: SchoolSignup,
): Promise<number> {
  // One family's submissions run one at a time, so a double click cannot register twice.
  await tx.execute(
    sql`SELECT pg_advisory_xact_lock(hashtext(${`${schoolId}:${input.guardian.email}`}))`,
  );
  const guardianId =
    (await prospectGuardian(tx, schoolId, input.guardian.email)) ??
    (await registerGuardian(tx, { ...input.guardian, school_id: schoolId }));
  const known = await childrenOf(tx, guardianId);
  let registered = 0;
  for (const child of input.students) {
    if (known.has(childKey(child))) continue;
    await createLead(
      tx,
      { ...child, school_id: schoolId, curp: null, guardians: [], guardian_ids: [guardianId] },
      null,
    );
    known.add(childKey(child));
    registered += 1;
  }
  return registered;
}

const childKey = (c: { first_name: string; last_name: string }) =>
  `${c.first_name.toLocaleLowerCase('es-MX')}|${c.last_name.toLocaleLowerCase('es-MX')}`;

/** A guardian of this school with that e-mail whose children are all leads, if any. */
async function prospectGuardian(tx: Executor, schoolId: string, email: string) {
  const [row] = await tx
    .select({ id: guardians.id })
    .from(guardians)
    .innerJoin(guardianSchools, eq(guardianSchools.guardianId, guardians.id))
    .where(
      and(
        eq(guardianSchools.schoolId, schoolId),
        sql`lower(${guardians.email}) = ${email}`,
        sql`NOT EXISTS (SELECT 1 FROM ${studentGuardians} sg JOIN ${students} s ON s.id = sg.student_id
              WHERE sg.guardian_id = ${guardians.id} AND s.status <> 'lead')`,
      ),
    )
    .orderBy(guardians.createdAt)
    .limit(1);
  return row?.id ?? null;
}

async function childrenOf(tx: Executor, guardianId: string): Promise<Set<string>> {
  const rows = await tx
    .select({ first_name: students.firstName, last_name: students.lastName })
    .from(students)
    .innerJoin(studentGuardians, eq(studentGuardians.studentId, students.id))
    .where(eq(studentGuardians.guardianId, guardianId));
  return new Set(rows.map(childKey));
}

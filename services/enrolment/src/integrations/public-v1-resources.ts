import { and, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type {
  publicGuardianSchema,
  publicSchoolCycleSchema,
  publicSectionSchema,
  publicStudentSchema,
} from '@cuota/contracts/enrolment/integrations';
import { guardianSchools, guardians, levels, schoolCycles, sections, students } from '../schema';
import type { PublicResource } from './public-v1';

type PublicStudent = z.infer<typeof publicStudentSchema>;
type PublicGuardian = z.infer<typeof publicGuardianSchema>;
type PublicSection = z.infer<typeof publicSectionSchema>;
type PublicSchoolCycle = z.infer<typeof publicSchoolCycleSchema>;

/** Students: a guardian linked or unlinked does not move updated_at (read guardian_ids again). */
const studentResource: PublicResource<PublicStudent> = {
  name: 'students',
  permission: 'students.read',
  changedAt: sql`${students.updatedAt}`,
  id: sql`${students.id}`,
  rows: async (db, page) =>
    (await db
      .select({
        id: students.id,
        school_id: students.schoolId,
        first_name: students.firstName,
        last_name: students.lastName,
        level_id: students.levelId,
        level: levels.level,
        section_id: students.sectionId,
        status: students.status,
        curp: students.curp,
        enrolment_code: students.enrolmentCode,
        billing_guardian_id: students.billingGuardianId,
        guardian_ids: sql<string[]>`coalesce((
          SELECT array_agg(sg.guardian_id ORDER BY sg.guardian_id) FROM student_guardians sg
          WHERE sg.student_id = ${students.id}), '{}')`,
        updated_at: page.at,
      })
      .from(students)
      .innerJoin(levels, eq(levels.id, students.levelId))
      .where(and(eq(students.schoolId, page.schoolId), page.where))
      .orderBy(...page.orderBy)
      .limit(page.limit)) as PublicStudent[],
};

/**
 * Guardians the school knows. A guardian who joins the school counts as changed then, so an
 * integration pulling `updated_since` sees them even if their own data is older.
 */
const guardianResource: PublicResource<PublicGuardian> = {
  name: 'guardians',
  permission: 'guardians.read',
  changedAt: sql`greatest(${guardians.updatedAt}, ${guardianSchools.createdAt})`,
  id: sql`${guardians.id}`,
  rows: (db, page) =>
    db
      .select({
        id: guardians.id,
        first_name: guardians.firstName,
        last_name: guardians.lastName,
        email: guardians.email,
        phone: guardians.phone,
        billing_name: guardians.billingName,
        tax_id: guardians.taxId,
        tax_zip_code: guardians.taxZipCode,
        updated_at: page.at,
      })
      .from(guardianSchools)
      .innerJoin(guardians, eq(guardians.id, guardianSchools.guardianId))
      .where(and(eq(guardianSchools.schoolId, page.schoolId), page.where))
      .orderBy(...page.orderBy)
      .limit(page.limit),
};

const sectionResource: PublicResource<PublicSection> = {
  name: 'sections',
  permission: 'school.read',
  changedAt: sql`${sections.updatedAt}`,
  id: sql`${sections.id}`,
  rows: async (db, page) =>
    (await db
      .select({
        id: sections.id,
        school_id: sections.schoolId,
        level_id: sections.levelId,
        level: levels.level,
        name: sections.name,
        grade: sections.grade,
        capacity: sections.capacity,
        updated_at: page.at,
      })
      .from(sections)
      .innerJoin(levels, eq(levels.id, sections.levelId))
      .where(and(eq(sections.schoolId, page.schoolId), page.where))
      .orderBy(...page.orderBy)
      .limit(page.limit)) as PublicSection[],
};

const schoolCycleResource: PublicResource<PublicSchoolCycle> = {
  name: 'school-cycles',
  permission: 'school.read',
  changedAt: sql`${schoolCycles.updatedAt}`,
  id: sql`${schoolCycles.id}`,
  rows: async (db, page) =>
    (await db
      .select({
        id: schoolCycles.id,
        school_id: schoolCycles.schoolId,
        name: schoolCycles.name,
        starts_on: schoolCycles.startsOn,
        ends_on: schoolCycles.endsOn,
        status: schoolCycles.status,
        updated_at: page.at,
      })
      .from(schoolCycles)
      .where(and(eq(schoolCycles.schoolId, page.schoolId), page.where))
      .orderBy(...page.orderBy)
      .limit(page.limit)) as PublicSchoolCycle[],
};

/** Every Public v1 resource enrolment serves (billing serves its own under the same prefix). */
export const PUBLIC_RESOURCES = [
  studentResource,
  guardianResource,
  sectionResource,
  schoolCycleResource,
] as const;

import { sql } from 'drizzle-orm';
import { index, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import type { EducationLevel, StudentStatus } from '@cuota/contracts/enrolment/entities';

/**
 * A service's copy of enrolment's students, fed by enrolment.student.* (docs/adr/0026): the
 * service never reads enrolment's tables. Billing, payments and invoicing each re-export it
 * from their schema.ts, so their own migrations create it in their own database. Ids are
 * text because they are enrolment's, whatever their shape.
 */
export const studentDirectory = pgTable(
  'student_directory',
  {
    studentId: text('student_id').primaryKey(),
    schoolId: text('school_id').notNull(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    /**
     * Null only in rows a copy wrote before it kept them (payments' and invoicing's, before
     * docs/adr/0026) until the student's next snapshot or enrolment's resync fills them.
     */
    level: text('level').$type<EducationLevel>(),
    sectionId: text('section_id'),
    status: text('status').$type<StudentStatus>(),
    /** What the IEDU complement of a colegiatura prints; null when enrolment does not know it. */
    curp: text('curp'),
    /**
     * The school's matrícula (the snapshot's `enrolment_code`), shown beside the name in
     * billing's reports. Null when the school gave none, and in rows written before it was
     * kept until the student's next snapshot or enrolment's resync.
     */
    enrolmentCode: text('enrolment_code'),
    billingGuardianId: text('billing_guardian_id'),
    /**
     * Every guardian linked to the student (the snapshot's `guardian_ids`): each sees and pays
     * the student's money (docs/adr/0023). Kept as it was when a snapshot lacks it.
     */
    guardianIds: text('guardian_ids')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** When enrolment said the student looked like this (the event's occurred_at). */
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    index('student_directory_school_idx').on(t.schoolId),
    // A guardian's students (their orders, payins, invoices): `guardian_ids @> ARRAY[…]`.
    index('student_directory_guardian_ids_idx').using('gin', t.guardianIds),
    // A school's students by name (Spanish collation, as spanishOrder sorts); billing's
    // due-orders report pages over it.
    index('student_directory_school_name_idx').on(
      t.schoolId,
      sql`${t.lastName} COLLATE "es-x-icu"`,
      sql`${t.firstName} COLLATE "es-x-icu"`,
      t.studentId,
    ),
  ],
);

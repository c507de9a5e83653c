import { index, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import type { EducationLevel, StudentStatus } from '@cuota/contracts/enrolment/entities';

export { outboxEvents, inboxEvents } from '@cuota/messaging/outbox/outbox-schema';

/**
 * Billing's copy of enrolment's students, fed by enrolment's events: billing never reads
 * enrolment's tables. Ids are text because they are enrolment's, whatever their shape.
 */
export const studentDirectory = pgTable(
  'student_directory',
  {
    studentId: text('student_id').primaryKey(),
    schoolId: text('school_id').notNull(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    level: text('level').$type<EducationLevel>().notNull(),
    sectionId: text('section_id'),
    status: text('status').$type<StudentStatus>().notNull(),
    billingGuardianId: text('billing_guardian_id'),
    /** When enrolment said the student looked like this (the event's occurred_at). */
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('student_directory_school_idx').on(t.schoolId)],
);

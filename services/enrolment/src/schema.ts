import { sql } from 'drizzle-orm';
import {
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

export { outboxEvents, inboxEvents } from '@cuota/messaging/outbox/outbox-schema';

const timestamps = {
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
};

export const schools = pgTable('schools', {
  id: uuid('id').primaryKey().defaultRandom(),
  name: text('name').notNull(),
  kind: text('kind').notNull(),
  status: text('status').notNull(),
  /** config_dashboard (spec §3), e.g. { use_kushki_sandbox }. */
  configDashboard: jsonb('config_dashboard').notNull().default({}),
  legalName: text('legal_name'),
  taxId: text('tax_id'),
  taxRegime: text('tax_regime'),
  taxZipCode: text('tax_zip_code'),
  contactEmail: text('contact_email'),
  contactPhone: text('contact_phone'),
  ...timestamps,
});

/** One row per education level a school offers (spec §1: five levels). */
export const levels = pgTable(
  'levels',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    schoolId: uuid('school_id')
      .notNull()
      .references(() => schools.id),
    level: text('level').notNull(),
    name: text('name').notNull(),
    position: integer('position').notNull(),
  },
  (t) => [uniqueIndex('levels_school_level_uq').on(t.schoolId, t.level)],
);

export const sections = pgTable(
  'sections',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    schoolId: uuid('school_id')
      .notNull()
      .references(() => schools.id),
    levelId: uuid('level_id')
      .notNull()
      .references(() => levels.id),
    name: text('name').notNull(),
  },
  (t) => [uniqueIndex('sections_level_name_uq').on(t.levelId, t.name)],
);

export const guardians = pgTable(
  'guardians',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    email: text('email'),
    phone: text('phone'),
    /** Random, URL-safe; the guardian's portal link is /guardians/{guardianHash}. */
    guardianHash: text('guardian_hash').notNull().unique(),
    onboardingStage: text('onboarding_stage').notNull().default('PROFILE'),
    fraudStatus: text('fraud_status').notNull().default('no_risk'),
    billingName: text('billing_name'),
    taxId: text('tax_id'),
    taxZipCode: text('tax_zip_code'),
    ...timestamps,
  },
  (t) => [index('guardians_email_idx').on(sql`lower(${t.email})`)],
);

export const students = pgTable(
  'students',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    schoolId: uuid('school_id')
      .notNull()
      .references(() => schools.id),
    levelId: uuid('level_id')
      .notNull()
      .references(() => levels.id),
    sectionId: uuid('section_id').references(() => sections.id),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    gender: text('gender'),
    birthDate: text('birth_date'),
    /** ISO 3166-1 alpha-2. */
    nationality: text('nationality').notNull().default('MX'),
    status: text('status').notNull(),
    billingGuardianId: uuid('billing_guardian_id').references(() => guardians.id),
    /** Set by imports and the seed so a re-run recognises the same student. */
    externalRef: text('external_ref'),
    ...timestamps,
  },
  (t) => [
    index('students_school_status_idx').on(t.schoolId, t.status),
    // Same expressions as the list's ORDER BY (spanishOrder), so paging reads the index.
    index('students_school_name_idx').on(
      t.schoolId,
      sql`${t.lastName} COLLATE "es-x-icu"`,
      sql`${t.firstName} COLLATE "es-x-icu"`,
      t.id,
    ),
    uniqueIndex('students_school_external_ref_uq').on(t.schoolId, t.externalRef),
  ],
);

export const studentGuardians = pgTable(
  'student_guardians',
  {
    studentId: uuid('student_id')
      .notNull()
      .references(() => students.id),
    guardianId: uuid('guardian_id')
      .notNull()
      .references(() => guardians.id),
    relationship: text('relationship'),
  },
  (t) => [
    primaryKey({ columns: [t.studentId, t.guardianId] }),
    index('student_guardians_guardian_idx').on(t.guardianId),
  ],
);

export const staffUsers = pgTable(
  'staff_users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    /** argon2id (hash-wasm), encoded with its parameters and salt. */
    passwordHash: text('password_hash').notNull(),
    ...timestamps,
  },
  (t) => [uniqueIndex('staff_users_email_uq').on(sql`lower(${t.email})`)],
);

export const staffMemberships = pgTable(
  'staff_memberships',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => staffUsers.id),
    schoolId: uuid('school_id')
      .notNull()
      .references(() => schools.id),
    role: text('role').notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.schoolId] })],
);

/** Portal feature toggles (spec §3 visibility HIDDEN | STAFF | BETA | PUBLIC). */
export const portalFeatures = pgTable('portal_features', {
  name: text('name').primaryKey(),
  visibility: text('visibility').notNull(),
});

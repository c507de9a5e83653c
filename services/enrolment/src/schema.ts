import { sql, type SQL } from 'drizzle-orm';
import {
  type AnyPgColumn,
  boolean,
  customType,
  date,
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

import { foldedSql } from './search-folding-sql';

export { outboxEvents, inboxEvents } from '@cuota/messaging/outbox/outbox-schema';
export { idempotencyKeys } from '@cuota/service-runtime/idempotency/idempotency-schema';

const bytea = customType<{ data: Buffer }>({ dataType: () => 'bytea' });

const timestamps = {
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  /** Every Drizzle update sets it (Public v1's `updated_since` and cursors read it). */
  updatedAt: timestamp('updated_at', { withTimezone: true })
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date()),
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
  address: text('address'),
  /** The school's own privacy notice for its store sign-up; null: the default text. */
  privacyNotice: text('privacy_notice'),
  /** Reference to the gateway credentials payments keeps (never the secret itself). */
  gatewayCredentialsRef: text('gateway_credentials_ref'),
  ...timestamps,
});

/** Files people upload (school logos, student photos): small, so kept beside the rows. */
export const uploadedImages = pgTable('uploaded_images', {
  id: uuid('id').primaryKey().defaultRandom(),
  contentType: text('content_type').notNull(),
  bytes: bytea('bytes').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export const schoolLogos = pgTable('school_logos', {
  schoolId: uuid('school_id')
    .primaryKey()
    .references(() => schools.id),
  imageId: uuid('image_id')
    .notNull()
    .references(() => uploadedImages.id),
});

/**
 * The school's own web sites that may embed its store (ADR 0066): an origin exactly as a
 * browser sends it (`https://www.colegio.mx`), compared by equality.
 */
export const schoolEmbedOrigins = pgTable(
  'school_embed_origins',
  {
    schoolId: uuid('school_id')
      .notNull()
      .references(() => schools.id),
    origin: text('origin').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.schoolId, t.origin] })],
);

/** A school year (ciclo escolar); exactly one may be active per school. */
export const schoolCycles = pgTable(
  'school_cycles',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    schoolId: uuid('school_id')
      .notNull()
      .references(() => schools.id),
    name: text('name').notNull(),
    startsOn: date('starts_on').notNull(),
    endsOn: date('ends_on').notNull(),
    /** draft | active | closed */
    status: text('status').notNull().default('draft'),
    activatedAt: timestamp('activated_at', { withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('school_cycles_school_name_uq').on(t.schoolId, t.name),
    uniqueIndex('school_cycles_one_active_uq')
      .on(t.schoolId)
      .where(sql`status = 'active'`),
    // Public v1 (integrations/public-v1-repository.ts) pages by (updated_at, id) within a school.
    index('school_cycles_school_updated_idx').on(t.schoolId, t.updatedAt, t.id),
  ],
);

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
    /** Index in the school's list (0 first); PATCH …/levels/{level}/ renumbers them. */
    position: integer('position').notNull(),
    /** An inactive level keeps its groups and students but leaves the public pickers. */
    active: boolean('active').notNull().default(true),
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
    /** Grade within the level (1° … 6°), for ordering and filters. */
    grade: integer('grade'),
    capacity: integer('capacity'),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('sections_level_name_uq').on(t.levelId, t.name),
    index('sections_school_idx').on(t.schoolId),
    index('sections_school_updated_idx').on(t.schoolId, t.updatedAt, t.id),
  ],
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
    /** Régimen fiscal (c_RegimenFiscal) for the CFDI the guardian receives. */
    taxRegime: text('tax_regime'),
    /** The use of CFDI the family asked for (c_UsoCFDI), checked against its régimen. */
    cfdiUse: text('cfdi_use'),
    ...timestamps,
  },
  (t) => [index('guardians_email_idx').on(sql`lower(${t.email})`)],
);

/** Which schools know a guardian (a lead's guardian may have no student yet). */
export const guardianSchools = pgTable(
  'guardian_schools',
  {
    guardianId: uuid('guardian_id')
      .notNull()
      .references(() => guardians.id),
    schoolId: uuid('school_id')
      .notNull()
      .references(() => schools.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.guardianId, t.schoolId] }),
    index('guardian_schools_school_idx').on(t.schoolId),
  ],
);

/**
 * What the students lists' search looks in: the name in both orders (the first name again at
 * the end, so "Ana García" and "García Ana" both match), CURP and matrícula, folded (lower
 * case, no accents: "garcia" finds "García"). The index and the query use this expression.
 */
export const studentSearchText = (t: {
  firstName: AnyPgColumn;
  lastName: AnyPgColumn;
  curp: AnyPgColumn;
  enrolmentCode: AnyPgColumn;
}) =>
  foldedSql(
    sql`${t.firstName} || ' ' || ${t.lastName} || ' ' || ${t.firstName} || ' ' || coalesce(${t.curp}, '') || ' ' || coalesce(${t.enrolmentCode}, '')`,
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
    /** CURP (18 chars), when known: the natural key of a Mexican student. */
    curp: text('curp'),
    /** Matrícula the school assigns. */
    enrolmentCode: text('enrolment_code'),
    photoImageId: uuid('photo_image_id').references(() => uploadedImages.id),
    /** Why the student left (inactive, dropped_out), as staff wrote it. */
    statusReason: text('status_reason'),
    /**
     * studentSearchText, stored: the trigram index's recheck and the name-order walk compare
     * this text instead of recomputing the folded expression on every candidate row
     * (90 ms for "García" at 100,000 students, docs/benchmarks.md).
     */
    searchText: text('search_text').generatedAlwaysAs((): SQL => studentSearchText(students)),
    ...timestamps,
  },
  (t) => [
    index('students_school_status_idx').on(t.schoolId, t.status),
    index('students_school_updated_idx').on(t.schoolId, t.updatedAt, t.id),
    index('students_school_level_idx').on(t.schoolId, t.levelId, t.sectionId),
    uniqueIndex('students_school_curp_uq')
      .on(t.schoolId, t.curp)
      .where(sql`curp IS NOT NULL`),
    uniqueIndex('students_school_code_uq')
      .on(t.schoolId, t.enrolmentCode)
      .where(sql`enrolment_code IS NOT NULL`),
    // Same expressions as the list's ORDER BY (spanishOrder), so paging reads the index.
    index('students_school_name_idx').on(
      t.schoolId,
      sql`${t.lastName} COLLATE "es-x-icu"`,
      sql`${t.firstName} COLLATE "es-x-icu"`,
      t.id,
    ),
    uniqueIndex('students_school_external_ref_uq').on(t.schoolId, t.externalRef),
    // One trigram index over the lists' whole search text (studentSearchText): a single
    // LIKE, so "%García%" is always a bitmap scan. With one index per branch of an OR the
    // planner priced a pass over the school lower and took it (115 ms at 100,000 students).
    index('students_search_text_trgm_idx').using('gin', sql`${t.searchText} gin_trgm_ops`),
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
    /** Set by the user themself (PUT/PATCH /api/v1/users/{id}/). */
    phone: text('phone'),
    /** argon2id (hash-wasm), encoded with its parameters and salt. */
    passwordHash: text('password_hash').notNull(),
    /**
     * A Cuota employee who operates the platform (ADR 0045): no membership grants it; set by
     * `npm run operator` (the demo seeds one).
     */
    platformOperator: boolean('platform_operator').notNull().default(false),
    ...timestamps,
  },
  (t) => [uniqueIndex('staff_users_email_uq').on(sql`lower(${t.email})`)],
);

export const staffMemberships = pgTable(
  'staff_memberships',
  {
    /** The membership's own id (PATCH /backoffice/memberships/{id}/); the key stays (user, school). */
    id: uuid('id').notNull().unique().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => staffUsers.id),
    schoolId: uuid('school_id')
      .notNull()
      .references(() => schools.id),
    role: text('role').notNull(),
    /** Permissions granted on top of / instead of the role's defaults; null = the role's. */
    permissions: text('permissions').array(),
    /** A suspended membership (false) is kept with its role and list but grants nothing. */
    active: boolean('active').notNull().default(true),
    ...timestamps,
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.schoolId] }),
    index('staff_memberships_school_idx').on(t.schoolId),
  ],
);

/**
 * A staff user's one-time set-password link, an invitation (a new member's first password) or
 * a password reset: only the token's SHA-256 is kept (the token itself is answered once or
 * e-mailed); used or expired means dead.
 */
export const staffInvitations = pgTable(
  'staff_invitations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => staffUsers.id),
    tokenHash: text('token_hash').notNull(),
    /** invitation (a new member's first password) | password_reset (a forgotten one) */
    purpose: text('purpose').notNull().default('invitation'),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdBy: uuid('created_by').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('staff_invitations_token_uq').on(t.tokenHash),
    index('staff_invitations_user_idx').on(t.userId),
  ],
);

/** Portal feature toggles (spec §3 visibility HIDDEN | STAFF | BETA | PUBLIC). */
export const portalFeatures = pgTable('portal_features', {
  name: text('name').primaryKey(),
  visibility: text('visibility').notNull(),
});

/** Every status change of a student, with who made it and why (audit trail). */
export const studentStatusChanges = pgTable(
  'student_status_changes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    studentId: uuid('student_id')
      .notNull()
      .references(() => students.id),
    fromStatus: text('from_status'),
    toStatus: text('to_status').notNull(),
    reason: text('reason'),
    /** staff user id, or null for imports and the seed */
    changedBy: uuid('changed_by'),
    changedAt: timestamp('changed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('student_status_changes_student_idx').on(t.studentId, t.changedAt)],
);

/** Concepts assigned to an admission (lead/applicant), mirrored to billing by events. */
export const admissionConcepts = pgTable(
  'admission_concepts',
  {
    studentId: uuid('student_id')
      .notNull()
      .references(() => students.id),
    conceptId: text('concept_id').notNull(),
    assignedAt: timestamp('assigned_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.studentId, t.conceptId] })],
);

/** Student imports from a spreadsheet: a background job (spec §4 job status). */
export const importJobs = pgTable(
  'import_jobs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    schoolId: uuid('school_id')
      .notNull()
      .references(() => schools.id),
    /** PENDING | FINISHED | ERROR | FINISHED_WITH_ERROR */
    status: text('status').notNull().default('PENDING'),
    fileName: text('file_name').notNull(),
    fileSha256: text('file_sha256').notNull(),
    file: bytea('file').notNull(),
    totalRows: integer('total_rows').notNull().default(0),
    processedRows: integer('processed_rows').notNull().default(0),
    createdRows: integer('created_rows').notNull().default(0),
    skippedRows: integer('skipped_rows').notNull().default(0),
    errorRows: integer('error_rows').notNull().default(0),
    failure: text('failure'),
    createdBy: uuid('created_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    startedAt: timestamp('started_at', { withTimezone: true }),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [index('import_jobs_school_idx').on(t.schoolId, t.createdAt)],
);

export const importJobErrors = pgTable(
  'import_job_errors',
  {
    jobId: uuid('job_id')
      .notNull()
      .references(() => importJobs.id),
    rowNumber: integer('row_number').notNull(),
    field: text('field'),
    message: text('message').notNull(),
    /** The row as read, so the report shows what was wrong. */
    row: jsonb('row'),
  },
  (t) => [index('import_job_errors_job_idx').on(t.jobId, t.rowNumber)],
);

/** Per-school feature flags the dashboard reads (attributes); kept for school settings. */
export const schoolAttributes = pgTable(
  'school_attributes',
  {
    schoolId: uuid('school_id')
      .notNull()
      .references(() => schools.id),
    name: text('name').notNull(),
    enabled: boolean('enabled').notNull().default(false),
  },
  (t) => [primaryKey({ columns: [t.schoolId, t.name] })],
);

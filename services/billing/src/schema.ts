import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  check,
  customType,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  unique,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type { JobStatus } from '@cuota/contracts/billing/bill-runs';
import type { BulkJobKind, BulkOperationStatus } from '@cuota/contracts/billing/bulk-jobs';
import {
  CONCEPT_TYPES,
  RECURRENCES,
  VISIBILITIES,
  type ConceptType,
  type EarlyPayment,
  type LateFee,
  type Recurrence,
  type Visibility,
} from '@cuota/contracts/billing/concepts';
import {
  MOVEMENTS,
  OPTIONAL_ORDER_STATUSES,
  STOCK_KINDS,
  STORE_TAXES,
  type Movement,
  type OptionalOrderStatus,
  type StockKind,
  type StoreTax,
} from '@cuota/contracts/billing/store';
import { MAX_CENTAVOS } from '@cuota/contracts/common/money';
import type { EducationLevel } from '@cuota/contracts/enrolment/entities';

export { outboxEvents, inboxEvents } from '@cuota/messaging/outbox/outbox-schema';
export { idempotencyKeys } from '@cuota/service-runtime/idempotency/idempotency-schema';

/** Billing's copy of enrolment's students (docs/adr/0026): whom a bill run charges. */
export { studentDirectory } from '@cuota/student-directory/student-directory-schema';

/**
 * Billing's copy of guardians' names, fed by enrolment.guardian.* as the student directory is
 * by its events (docs/adr/0085): what names a family in billing's figures. A deleted
 * guardian stays as a tombstone without a name, dated by its event.
 */
export const guardianNames = pgTable('guardian_names', {
  guardianId: text('guardian_id').primaryKey(),
  firstName: text('first_name').notNull(),
  lastName: text('last_name').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
});

const inList = (column: string, values: readonly string[]) =>
  sql.raw(`${column} IN (${values.map((v) => `'${v}'`).join(', ')})`);

/** What a school charges (spec §3): a monthly fee over some months, or a one-time charge. */
export const concepts = pgTable(
  'concepts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    schoolId: text('school_id').notNull(),
    name: text('name').notNull(),
    conceptType: text('concept_type').$type<ConceptType>().notNull(),
    recurrence: text('recurrence').$type<Recurrence>().notNull(),
    priceCentavos: integer('price_centavos').notNull(),
    /** Whose active students a bill run charges; null: every level. */
    level: text('level').$type<EducationLevel>(),
    /** MONTHLY: the months it bills (`AAAA-MM`). */
    periods: text('periods')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    dueDay: integer('due_day'),
    dueOn: date('due_on'),
    lateFee: jsonb('late_fee').$type<LateFee>(),
    earlyPayment: jsonb('early_payment').$type<EarlyPayment>(),
    active: boolean('active').notNull().default(true),
    /** Enrolment's school cycle it bills in; null: a root concept (ADR 0035). */
    cycleId: uuid('cycle_id'),
    visibility: text('visibility').$type<Visibility>().notNull().default('PUBLIC'),
    /** Students joining its level later are billed it from the next period. */
    autoAssign: boolean('auto_assign').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check(
      'concepts_price_check',
      sql`${t.priceCentavos} > 0 AND ${t.priceCentavos} <= ${sql.raw(String(MAX_CENTAVOS))}`,
    ),
    check('concepts_type_check', inList(t.conceptType.name, CONCEPT_TYPES)),
    check('concepts_recurrence_check', inList(t.recurrence.name, RECURRENCES)),
    check('concepts_visibility_check', inList(t.visibility.name, VISIBILITIES)),
    index('concepts_school_idx').on(t.schoolId),
    index('concepts_school_cycle_idx').on(t.schoolId, t.cycleId),
  ],
);

/**
 * A student subscribed to an optional monthly concept from a month (ADR 0035
 * "Subscriptions"): its orders are bill runs of that one student. At most one active per
 * student and concept; a cancelled one stays for its paid orders and its trail.
 */
export const subscriptions = pgTable(
  'subscriptions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    schoolId: text('school_id').notNull(),
    studentId: text('student_id').notNull(),
    conceptId: uuid('concept_id')
      .notNull()
      .references(() => concepts.id),
    fromPeriod: text('from_period').notNull(),
    /** The guardian or staff member who subscribed, and who cancelled. */
    createdBy: text('created_by'),
    canceledBy: text('canceled_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    canceledAt: timestamp('canceled_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('subscriptions_active_key')
      .on(t.studentId, t.conceptId)
      .where(sql`${t.canceledAt} IS NULL`),
    index('subscriptions_school_idx').on(t.schoolId, t.studentId),
  ],
);

/** A bill run (ADR 0016): one concept and period for every eligible student. */
export const billRuns = pgTable(
  'bill_runs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    schoolId: text('school_id').notNull(),
    conceptId: uuid('concept_id')
      .notNull()
      .references(() => concepts.id),
    period: text('period'),
    /** A subscription's run bills its one student (ADR 0035); null: the level's students. */
    subscriptionId: uuid('subscription_id').references(() => subscriptions.id),
    /** A massive assignment's chunk (ADR 0040); null: a run of its own. */
    bulkJobId: uuid('bulk_job_id'),
    status: text('status').$type<JobStatus>().notNull().default('PENDING'),
    eligibleStudents: integer('eligible_students').notNull().default(0),
    createdOrders: integer('created_orders').notNull().default(0),
    existingOrders: integer('existing_orders').notNull().default(0),
    totalCentavos: bigint('total_centavos', { mode: 'number' }).notNull().default(0),
    removedOrders: integer('removed_orders').notNull().default(0),
    keptOrders: integer('kept_orders').notNull().default(0),
    error: text('error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    /** A bill run's job undone by DELETE: its month may be run again (ADR 0054). */
    undoneAt: timestamp('undone_at', { withTimezone: true }),
  },
  (t) => [
    index('bill_runs_school_idx').on(t.schoolId),
    index('bill_runs_subscription_idx').on(t.subscriptionId),
    index('bill_runs_concept_period_idx').on(t.conceptId, t.period),
  ],
);

/**
 * A massive assignment, disassignment or scholarship run in the background (ADR 0040). A
 * runner holds it by its lease (token and expiry) and commits each chunk of students with the
 * chunk's work and the `cursor` (the last student done, keyset order): a killed runner's job
 * is taken again when the lease expires and goes on after the cursor.
 */
export const bulkJobs = pgTable(
  'bulk_jobs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    schoolId: text('school_id').notNull(),
    kind: text('kind').$type<BulkJobKind>().notNull(),
    status: text('status').$type<BulkOperationStatus>().notNull().default('PENDING'),
    params: jsonb('params').$type<Record<string, unknown>>().notNull(),
    /** The students still to go through, sorted (a retry: the ones that failed). */
    studentIds: text('student_ids').array().notNull(),
    total: integer('total').notNull(),
    done: integer('done').notNull().default(0),
    failed: integer('failed').notNull().default(0),
    cursor: text('cursor'),
    errors: jsonb('errors')
      .$type<{ student_id: string; student_name: string | null; reason: string }[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    cancelRequested: boolean('cancel_requested').notNull().default(false),
    leaseToken: uuid('lease_token'),
    leaseUntil: timestamp('lease_until', { withTimezone: true }),
    attempts: integer('attempts').notNull().default(0),
    createdBy: text('created_by'),
    /** Who started it, as named then: the history shows it without asking enrolment. */
    createdByName: text('created_by_name'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [
    index('bulk_jobs_school_idx').on(t.schoolId, t.createdAt),
    index('bulk_jobs_runnable_idx')
      .on(t.createdAt)
      .where(sql`${t.status} IN ('PENDING', 'STARTED', 'RETRYING')`),
  ],
);

/**
 * What one student owes for one concept and period (the spec's fulfillment). The order keeps
 * its concept's price, due date and late-fee rule as they were when it was billed.
 */
export const orders = pgTable(
  'orders',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    schoolId: text('school_id').notNull(),
    studentId: text('student_id').notNull(),
    conceptId: uuid('concept_id')
      .notNull()
      .references(() => concepts.id),
    billRunId: uuid('bill_run_id').references(() => billRuns.id),
    period: text('period'),
    dueOn: date('due_on').notNull(),
    /** The base: the concept's price when billed (edit_base, change_order_prices change it). */
    amountCentavos: integer('amount_centavos').notNull(),
    /** Scholarship, discounts and surcharges as ADR 0035 applies them, materialised. */
    scholarshipCentavos: integer('scholarship_centavos').notNull().default(0),
    discountCentavos: integer('discount_centavos').notNull().default(0),
    surchargeCentavos: integer('surcharge_centavos').notNull().default(0),
    /** A cancelled order owes nothing; the row stays so no bill run bills it again. */
    canceledAt: timestamp('canceled_at', { withTimezone: true }),
    /**
     * avoid_scholarship / force_scholarship (ADR 0035): `avoid` keeps every scholarship off this
     * order (grants skip it), `force` carries the student's scholarship though it starts later.
     */
    scholarshipRule: text('scholarship_rule', { enum: ['auto', 'avoid', 'force'] })
      .notNull()
      .default('auto'),
    /** What the family owes before late fees: the receivable payments holds (ADR 0035). */
    totalCentavos: integer('total_centavos')
      .notNull()
      .generatedAlwaysAs(
        sql`CASE WHEN canceled_at IS NULL THEN amount_centavos - scholarship_centavos - discount_centavos + surcharge_centavos ELSE 0 END`,
      ),
    lateFee: jsonb('late_fee').$type<LateFee>(),
    /** INTEREST_FORG: the late fee is forgiven (never below what was already paid of it). */
    interestForgiven: boolean('interest_forgiven').notNull().default(false),
    earlyPayment: jsonb('early_payment').$type<EarlyPayment>(),
    /** Part of the total settled: money, plus the early-payment discount that completed it. */
    paidBaseCentavos: integer('paid_base_centavos').notNull().default(0),
    paidLateFeeCentavos: integer('paid_late_fee_centavos').notNull().default(0),
    /** The early-payment discount the completing payment took (the CFDI's Descuento). */
    paidDiscountCentavos: integer('paid_discount_centavos').notNull().default(0),
    /** Mexico City day the base was paid in full: the late fee stops accruing then. */
    paidOn: date('paid_on'),
    /** The card payin on its way for it (WAITING_PAID until it succeeds or fails). */
    waitingPayinId: text('waiting_payin_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique('orders_student_concept_period_key')
      .on(t.studentId, t.conceptId, t.period)
      .nullsNotDistinct(),
    check('orders_amount_check', sql`${t.amountCentavos} > 0`),
    check('orders_scholarship_rule_check', sql`${t.scholarshipRule} IN ('auto', 'avoid', 'force')`),
    check(
      'orders_adjustments_check',
      sql`${t.scholarshipCentavos} >= 0 AND ${t.discountCentavos} >= 0 AND ${t.surchargeCentavos} >= 0
        AND ${t.scholarshipCentavos} + ${t.discountCentavos} <= ${t.amountCentavos} + ${t.surchargeCentavos}
        AND ${t.paidDiscountCentavos} BETWEEN 0 AND ${t.paidBaseCentavos}`,
    ),
    check(
      'orders_paid_check',
      sql`${t.paidBaseCentavos} BETWEEN 0 AND ${t.amountCentavos} + ${t.surchargeCentavos} AND ${t.paidLateFeeCentavos} >= 0`,
    ),
    index('orders_school_student_idx').on(t.schoolId, t.studentId, t.dueOn),
    index('orders_bill_run_idx').on(t.billRunId),
    index('orders_concept_idx').on(t.conceptId),
    // The public rows' keyset pages (ADR 0041): 330 → 2.7 ms and 160 → 0.5 ms per page at 1M.
    index('orders_school_created_idx').on(t.schoolId, t.createdAt, t.id),
    index('orders_school_concept_student_idx')
      .on(t.schoolId, t.conceptId, t.studentId)
      .where(sql`${t.canceledAt} IS NULL`),
  ],
);

/** Payments' allocations as billing applied them, one per payment (or credit) and order. */
export const orderAllocations = pgTable(
  'order_allocations',
  {
    /** The payin or credit application that paid, or the payin reversal that took it back. */
    sourceId: text('source_id').notNull(),
    /** A reversal's row (negative amounts): the payin whose allocation it takes back. */
    reversesSourceId: text('reverses_source_id'),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id),
    baseCentavos: integer('base_centavos').notNull(),
    lateFeeCentavos: integer('late_fee_centavos').notNull(),
    /** Of the base, what the early-payment discount covered (ADR 0035). */
    discountCentavos: integer('discount_centavos').notNull().default(0),
    appliedAt: timestamp('applied_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.sourceId, t.orderId] }),
    index('order_allocations_order_idx').on(t.orderId),
    check(
      'order_allocations_amounts_check',
      sql`(${t.reversesSourceId} IS NULL AND ${t.baseCentavos} >= 0 AND ${t.lateFeeCentavos} >= 0 AND ${t.discountCentavos} >= 0)
       OR (${t.reversesSourceId} IS NOT NULL AND ${t.baseCentavos} <= 0 AND ${t.lateFeeCentavos} <= 0 AND ${t.discountCentavos} <= 0)`,
    ),
  ],
);

/**
 * A payin reversal that reached billing before the payin's payment did (events are not
 * ordered across subjects): what it asks of the order waits here and is taken back the moment
 * the payment lands, in that payment's transaction (ADR 0035).
 */
export const parkedReversals = pgTable(
  'parked_reversals',
  {
    reversalId: text('reversal_id').notNull(),
    payinId: text('payin_id').notNull(),
    /** An undone bill run may delete the order: nothing is left to take back then. */
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    baseCentavos: integer('base_centavos').notNull(),
    lateFeeCentavos: integer('late_fee_centavos').notNull(),
    discountCentavos: integer('discount_centavos').notNull(),
    reversedAt: timestamp('reversed_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.reversalId, t.orderId] }),
    index('parked_reversals_payin_idx').on(t.payinId, t.orderId),
  ],
);

/**
 * Per student, what is open (ADR 0016): written in the same transactions as the orders, so
 * the due-orders report pages over students rather than over every order.
 */
export const studentBalances = pgTable(
  'student_balances',
  {
    studentId: text('student_id').primaryKey(),
    schoolId: text('school_id').notNull(),
    openOrders: integer('open_orders').notNull().default(0),
    pendingCentavos: bigint('pending_centavos', { mode: 'number' }).notNull().default(0),
    oldestDueOn: date('oldest_due_on'),
    /** The earliest day an open order's grace ends (past it: OUTSTANDING). */
    graceEndsOn: date('grace_ends_on'),
  },
  (t) => [
    index('student_balances_school_idx').on(t.schoolId),
    check(
      'student_balances_amounts_check',
      sql`${t.openOrders} >= 0 AND ${t.pendingCentavos} >= 0`,
    ),
  ],
);

/**
 * Adeudos' default list (every student with a balance, by name) numbered once, so any page is
 * an index range instead of an OFFSET over the school (ADR 0016). Rebuilt by the first read
 * after `name_order_changes` moved past `name_order_builds`.
 */
export const nameOrderPositions = pgTable(
  'name_order_positions',
  {
    schoolId: text('school_id').notNull(),
    position: integer('position').notNull(),
    studentId: text('student_id').notNull(),
  },
  (t) => [primaryKey({ columns: [t.schoolId, t.position] })],
);

/** Bumped by whatever adds a student to the list or moves one in it (a bill run, a rename). */
export const nameOrderChanges = pgTable('name_order_changes', {
  schoolId: text('school_id').primaryKey(),
  version: integer('version').notNull(),
});

/** The change the positions were numbered at, and how many students they hold (the count). */
export const nameOrderBuilds = pgTable('name_order_builds', {
  schoolId: text('school_id').primaryKey(),
  version: integer('version').notNull(),
  students: integer('students').notNull(),
});

/**
 * Adeudos' filters (`…/filters/`) as of a day, kept so a read does not sum the school
 * (ADR 0016): each student's contribution and their sums per level, section and status,
 * built once a day (or after a bill run); a change to a student's balance or place logs the
 * student, and a read corrects the sums by the logged students alone.
 */
export const dueFacetBuilds = pgTable('due_facet_builds', {
  schoolId: text('school_id').primaryKey(),
  asOf: date('as_of').notNull(),
  version: integer('version').notNull(),
});

/** Bumped by a bill run (too many students to log one by one): the next read builds again. */
export const dueFacetInvalidations = pgTable('due_facet_invalidations', {
  schoolId: text('school_id').primaryKey(),
  version: integer('version').notNull(),
});

const dueFacetColumns = {
  schoolId: text('school_id').notNull(),
  level: text('level'),
  sectionId: text('section_id'),
  dueStatus: text('due_status').notNull(),
  pendingCentavos: bigint('pending_centavos', { mode: 'number' }).notNull(),
  overdueCentavos: bigint('overdue_centavos', { mode: 'number' }).notNull(),
};

/** A student's part of the build: what a correction takes off the sums. */
export const dueFacetStudents = pgTable(
  'due_facet_students',
  { ...dueFacetColumns, studentId: text('student_id').notNull() },
  (t) => [primaryKey({ columns: [t.schoolId, t.studentId] })],
);

/** The build's sums per level, section and status (a handful of rows per school). */
export const dueFacetGroups = pgTable(
  'due_facet_groups',
  { ...dueFacetColumns, students: integer('students').notNull() },
  (t) => [
    unique('due_facet_groups_key')
      .on(t.schoolId, t.level, t.sectionId, t.dueStatus)
      .nullsNotDistinct(),
  ],
);

/** Students whose balance or place changed since the build (`seq`: which change). */
export const dueFacetChanges = pgTable(
  'due_facet_changes',
  {
    schoolId: text('school_id').notNull(),
    studentId: text('student_id').notNull(),
    seq: bigserial('seq', { mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.schoolId, t.studentId] })],
);

/** A scholarship (ADR 0035): a percentage of, or an amount off, each order's base. */
export const scholarships = pgTable(
  'scholarships',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    schoolId: text('school_id').notNull(),
    studentId: text('student_id').notNull(),
    /** Only this concept's orders; null: all of the student's. */
    conceptId: uuid('concept_id').references(() => concepts.id),
    kind: text('kind').$type<'PERCENT' | 'AMOUNT'>().notNull(),
    basisPoints: integer('basis_points'),
    amountCentavos: integer('amount_centavos'),
    startsOn: date('starts_on').notNull(),
    reason: text('reason').notNull(),
    createdBy: text('created_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('scholarships_school_idx').on(t.schoolId, t.createdAt),
    index('scholarships_student_idx').on(t.studentId),
    check(
      'scholarships_value_check',
      sql`(${t.kind} = 'PERCENT' AND ${t.basisPoints} BETWEEN 1 AND 10000 AND ${t.amountCentavos} IS NULL)
       OR (${t.kind} = 'AMOUNT' AND ${t.amountCentavos} > 0 AND ${t.basisPoints} IS NULL)`,
    ),
  ],
);

/**
 * Special discounts and over-charges on one order (ADR 0035 steps 3 and 4): why the order's
 * `discount_centavos` / `surcharge_centavos` are what they are. The newest of each wins.
 */
export const specialCharges = pgTable(
  'special_charges',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    schoolId: text('school_id').notNull(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id),
    studentId: text('student_id').notNull(),
    direction: text('direction', { enum: ['discount', 'surcharge'] }).notNull(),
    kind: text('kind', { enum: ['PERCENT', 'AMOUNT', 'FIXED'] }).notNull(),
    basisPoints: integer('basis_points'),
    amountCentavos: integer('amount_centavos'),
    /** What it took off or added on the order when granted. */
    appliedCentavos: integer('applied_centavos').notNull(),
    reason: text('reason').notNull(),
    createdBy: text('created_by'),
    createdByName: text('created_by_name'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('special_charges_school_idx').on(t.schoolId, t.direction, t.createdAt),
    check(
      'special_charges_value_check',
      sql`(${t.kind} = 'PERCENT' AND ${t.basisPoints} BETWEEN 1 AND 10000 AND ${t.amountCentavos} IS NULL)
       OR (${t.kind} IN ('AMOUNT', 'FIXED') AND ${t.amountCentavos} > 0 AND ${t.basisPoints} IS NULL)`,
    ),
    check(
      'special_charges_direction_check',
      sql`${t.direction} = 'discount' OR (${t.direction} = 'surcharge' AND ${t.kind} <> 'FIXED')`,
    ),
  ],
);

/**
 * Every correction of an order (ADR 0035): who, when, what, the order before and after, why.
 * Its id is the `adjustment_id` of the billing.order.adjusted event it caused, if any.
 */
export const orderAdjustments = pgTable(
  'order_adjustments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id),
    schoolId: text('school_id').notNull(),
    kind: text('kind').notNull(),
    before: jsonb('before').$type<Record<string, unknown>>().notNull(),
    after: jsonb('after').$type<Record<string, unknown>>().notNull(),
    reason: text('reason').notNull(),
    adjustedBy: text('adjusted_by'),
    /** The staff member's name as it was then (the trail reads it, not a user id). */
    adjustedByName: text('adjusted_by_name'),
    adjustedAt: timestamp('adjusted_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('order_adjustments_order_idx').on(t.orderId, t.adjustedAt)],
);

/** The school store's categories (ADR 0062). */
export const storeCategories = pgTable(
  'store_categories',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    schoolId: text('school_id').notNull(),
    name: text('name').notNull(),
  },
  (t) => [unique('store_categories_name_key').on(t.schoolId, t.name)],
);

/** What the store sells; the price includes its tax (ADR 0062). */
export const storeItems = pgTable(
  'store_items',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    schoolId: text('school_id').notNull(),
    categoryId: uuid('category_id').references(() => storeCategories.id),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    priceCentavos: integer('price_centavos').notNull(),
    tax: text('tax').$type<StoreTax>().notNull(),
    /** Its own ClaveProdServ; null: its tax kind's default (ADR 0092). */
    satProductKey: text('sat_product_key'),
    visible: boolean('visible').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('store_items_school_idx').on(t.schoolId, t.name),
    check('store_items_price_check', sql`${t.priceCentavos} > 0`),
    check('store_items_tax_check', inList('tax', STORE_TAXES)),
  ],
);

const bytea = customType<{ data: Buffer }>({ dataType: () => 'bytea' });

/**
 * An item's photos (ADR 0105), in `position` order. A row's bytes never change: its id is in
 * the URL, so the URL may be cached for good; replacing a photo is removing it and adding one.
 */
export const storeItemPhotos = pgTable(
  'store_item_photos',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    schoolId: text('school_id').notNull(),
    itemId: uuid('item_id')
      .notNull()
      .references(() => storeItems.id),
    position: integer('position').notNull(),
    contentType: text('content_type').notNull(),
    bytes: bytea('bytes').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('store_item_photos_item_idx').on(t.itemId, t.position)],
);

/**
 * A size/colour of an item and its count. `reserved` is held for pending checkouts; a limited
 * variant never sells more than `on_hand - reserved` (the check makes overselling impossible).
 */
export const storeVariants = pgTable(
  'store_variants',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    schoolId: text('school_id').notNull(),
    itemId: uuid('item_id')
      .notNull()
      .references(() => storeItems.id),
    size: text('size'),
    colour: text('colour'),
    limited: boolean('limited').notNull().default(true),
    onHand: integer('on_hand').notNull().default(0),
    reserved: integer('reserved').notNull().default(0),
    /** SET_FIRST_TIME happened (or any count did): it cannot happen again. */
    counted: boolean('counted').notNull().default(false),
  },
  (t) => [
    index('store_variants_item_idx').on(t.itemId),
    check(
      'store_variants_stock_check',
      sql`${t.reserved} >= 0 AND ${t.onHand} >= 0 AND (NOT ${t.limited} OR ${t.reserved} <= ${t.onHand})`,
    ),
  ],
);

/** Every change to a variant's count, staff's (INTERNAL) and buyers' (EXTERNAL). */
export const storeStockMovements = pgTable(
  'store_stock_movements',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    schoolId: text('school_id').notNull(),
    variantId: uuid('variant_id')
      .notNull()
      .references(() => storeVariants.id),
    kind: text('kind').$type<StockKind>().notNull(),
    movement: text('movement').$type<Movement>().notNull(),
    quantity: integer('quantity').notNull(),
    onHandAfter: integer('on_hand_after').notNull(),
    limitedAfter: boolean('limited_after').notNull(),
    note: text('note').notNull().default(''),
    optionalOrderId: uuid('optional_order_id'),
    createdBy: text('created_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('store_stock_movements_school_idx').on(t.schoolId, t.id),
    check('store_stock_movements_kind_check', inList('kind', STOCK_KINDS)),
    check('store_stock_movements_movement_check', inList('movement', MOVEMENTS)),
  ],
);

/** A family's store order; `pending_payment` holds its lines' stock until `hold_until`. */
export const optionalOrders = pgTable(
  'optional_orders',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    schoolId: text('school_id').notNull(),
    checkoutRef: text('checkout_ref').notNull(),
    guardianId: text('guardian_id'),
    studentId: text('student_id'),
    buyerEmail: text('buyer_email'),
    /** A guest's admissions lead (enrolment's student id of status lead), ADR 0092. */
    leadId: text('lead_id'),
    status: text('status').$type<OptionalOrderStatus>().notNull(),
    totalCentavos: integer('total_centavos').notNull(),
    holdUntil: timestamp('hold_until', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
    deliveredBy: text('delivered_by'),
  },
  (t) => [
    unique('optional_orders_checkout_key').on(t.schoolId, t.checkoutRef),
    index('optional_orders_school_idx').on(t.schoolId, t.status, t.createdAt),
    index('optional_orders_held_idx')
      .on(t.holdUntil)
      .where(sql`${t.status} = 'pending_payment'`),
    check('optional_orders_status_check', inList('status', OPTIONAL_ORDER_STATUSES)),
  ],
);

/** An order's lines, priced when reserved (what the buyer saw is what is charged). */
export const optionalOrderLines = pgTable(
  'optional_order_lines',
  {
    orderId: uuid('order_id')
      .notNull()
      .references(() => optionalOrders.id),
    variantId: uuid('variant_id')
      .notNull()
      .references(() => storeVariants.id),
    itemName: text('item_name').notNull(),
    variantLabel: text('variant_label').notNull(),
    tax: text('tax').$type<StoreTax>().notNull(),
    /** The ClaveProdServ in force at reserve (ADR 0092); null on orders from before it. */
    satProductKey: text('sat_product_key'),
    unitPriceCentavos: integer('unit_price_centavos').notNull(),
    quantity: integer('quantity').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.orderId, t.variantId] }),
    check('optional_order_lines_quantity_check', sql`${t.quantity} > 0`),
  ],
);

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
import type { ConceptType } from '@cuota/contracts/billing/concepts';
import type { PayinType, PaymentMethod, RequestStatus } from '@cuota/contracts/payments/payins';
import { MAX_CENTAVOS } from '@cuota/contracts/common/money';
import type { PaidFlag, RiskLevel } from '@cuota/contracts/payments/credit-profile';
import type { GuestFiscal, StoreSaleLine } from '@cuota/contracts/payments/store-checkout';
import type { GatewaySale } from './gateway/kushki-shapes';
import {
  CARD_CHARGE_STATUSES,
  CARD_SUBSCRIPTION_STATUSES,
  type CardChargeStatus,
  type CardSubscriptionStatus,
} from '@cuota/contracts/payments/card-subscriptions';
import {
  preferenceMethodSchema,
  type PreferenceItem,
  type PreferenceMethod,
} from '@cuota/contracts/payments/preferences';

export { outboxEvents, inboxEvents } from '@cuota/messaging/outbox/outbox-schema';

const inList = (column: string, values: readonly string[]) =>
  sql.raw(`${column} IN (${values.map((v) => `'${v}'`).join(', ')})`);

export const LEDGER_ACCOUNT_KINDS = ['asset', 'liability', 'equity', 'revenue', 'expense'] as const;
export type LedgerAccountKind = (typeof LEDGER_ACCOUNT_KINDS)[number];

/** The chart of accounts (per school and the platform's own), in MXN. */
export const ledgerAccounts = pgTable(
  'ledger_accounts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Stable key the code looks accounts up by, e.g. `school:<id>:receivable`. */
    code: text('code').notNull().unique(),
    name: text('name').notNull(),
    kind: text('kind').$type<LedgerAccountKind>().notNull(),
    /** The school whose books it is (null: the platform's own). */
    schoolId: text('school_id'),
    /** A student's credit balance: locked while posting, refused below zero. */
    mustNotGoNegative: boolean('must_not_go_negative').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('ledger_accounts_kind_check', inList(t.kind.name, LEDGER_ACCOUNT_KINDS)),
    index('ledger_accounts_school_idx').on(t.schoolId),
  ],
);

/**
 * One business event (a payin, a bill run, a credit applied) whose entries sum to zero.
 * `idempotency_key` is the caller's: a replay returns the first posting, the same key with
 * other entries (another `payload_hash`) is refused.
 */
export const ledgerTransactions = pgTable(
  'ledger_transactions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    idempotencyKey: text('idempotency_key').notNull().unique(),
    payloadHash: text('payload_hash').notNull(),
    schoolId: text('school_id'),
    description: text('description'),
    occurredAt: timestamp('occurred_at', { withTimezone: true }).notNull().defaultNow(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('ledger_transactions_school_idx').on(t.schoolId)],
);

/**
 * Signed centavos: a debit is positive, a credit negative, so "debits = credits" is
 * "the transaction's entries sum to zero" (checked at commit by a deferred trigger,
 * migration 0001). Entries are append-only: corrections are new transactions.
 */
export const ledgerEntries = pgTable(
  'ledger_entries',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    transactionId: uuid('transaction_id')
      .notNull()
      .references(() => ledgerTransactions.id),
    accountId: uuid('account_id')
      .notNull()
      .references(() => ledgerAccounts.id),
    amountCentavos: bigint('amount_centavos', { mode: 'number' }).notNull(),
  },
  (t) => [
    check('ledger_entries_amount_nonzero', sql`${t.amountCentavos} <> 0`),
    index('ledger_entries_transaction_idx').on(t.transactionId),
    index('ledger_entries_account_idx').on(t.accountId),
  ],
);

export const GATEWAY_ENVIRONMENTS = ['sandbox', 'production'] as const;
export type GatewayEnvironment = (typeof GATEWAY_ENVIRONMENTS)[number];

/** $50,000.00: far above a family's desk payment, far below a typo like $999,999 (ADR 0036). */
export const DEFAULT_DESK_LIMIT_CENTAVOS = 5_000_000;

/** Payments' copy of what it needs of enrolment's schools (enrolment.school.updated). */
export const schools = pgTable('schools', {
  schoolId: text('school_id').primaryKey(),
  name: text('name').notNull(),
  /** Which gateway (and credentials) the school's card payments use. */
  useKushkiSandbox: boolean('use_kushki_sandbox').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  /** The most one desk payment may be (ADR 0036): payments' rule, no enrolment event sets it. */
  deskLimitCentavos: bigint('desk_limit_centavos', { mode: 'number' })
    .notNull()
    .default(DEFAULT_DESK_LIMIT_CENTAVOS),
});

/**
 * A school's merchant credentials at the card gateway, one set per environment. The private
 * merchant id and the webhook signature are AES-256-GCM sealed (secrets/secret-box.ts):
 * they never sit in the database, a dump or a log in the clear.
 */
export const gatewayCredentials = pgTable(
  'gateway_credentials',
  {
    schoolId: text('school_id').notNull(),
    environment: text('environment').$type<GatewayEnvironment>().notNull(),
    publicMerchantId: text('public_merchant_id').notNull().unique(),
    /** Kushki's merchant id: what its webhooks carry in X-Kushki-Key (ADR 0030). */
    merchantId: text('merchant_id').unique(),
    privateMerchantIdSealed: text('private_merchant_id_sealed').notNull(),
    webhookSecretSealed: text('webhook_secret_sealed').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.schoolId, t.environment] }),
    check(
      'gateway_credentials_environment_check',
      inList(t.environment.name, GATEWAY_ENVIRONMENTS),
    ),
  ],
);

/** Payments' copy of enrolment's students (docs/adr/0026): whose family a payment belongs to. */
export { studentDirectory } from '@cuota/student-directory/student-directory-schema';

const PAYIN_TYPE_VALUES = ['TRANSFER_IN', 'CASH_IN', 'CARD'] as const;
const PAYIN_STATUS_VALUES = ['pending', 'failed', 'success', 'canceled'] as const;
const METHOD_VALUES = ['cash', 'transfer', 'credit_card', 'debit_card', 'to_define'] as const;

/** Money received or on its way: a card payment from the portal or the desk's cash/transfer. */
export const payins = pgTable(
  'payins',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    schoolId: text('school_id').notNull(),
    type: text('type').$type<PayinType>().notNull(),
    method: text('method').$type<PaymentMethod>().notNull(),
    status: text('status').$type<RequestStatus>().notNull(),
    amountCentavos: bigint('amount_centavos', { mode: 'number' }).notNull(),
    guardianId: text('guardian_id'),
    studentIds: text('student_ids')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** The caller's key and a hash of its request: a retry answers the first result. */
    idempotencyKey: text('idempotency_key').notNull(),
    requestHash: text('request_hash').notNull(),
    /** Card payins: where and with which merchant the charge went. */
    gatewayEnvironment: text('gateway_environment').$type<GatewayEnvironment>(),
    publicMerchantId: text('public_merchant_id'),
    ticketNumber: text('ticket_number').unique(),
    transactionReference: text('transaction_reference'),
    cardBrand: text('card_brand'),
    cardLast4: text('card_last4'),
    /**
     * A SPEI or cash payin the gateway awaits (ADR 0089): the reference the family quotes, the
     * CLABE it transfers to (SPEI) and when the reference stops being payable.
     */
    paymentReference: text('payment_reference'),
    clabe: text('clabe'),
    referenceExpiresAt: timestamp('reference_expires_at', { withTimezone: true }),
    /**
     * The highest allocation `seq` when billing quoted this payin's orders: allocations
     * after it were not in the quote (see allocation-rules.ts).
     */
    quotedAfterSeq: bigint('quoted_after_seq', { mode: 'number' }).notNull().default(0),
    receiptNumber: text('receipt_number'),
    recordedBy: text('recorded_by'),
    /** The cashier's name when the money was received: what the receipt prints. */
    recordedByName: text('recorded_by_name'),
    note: text('note'),
    creditCreatedCentavos: bigint('credit_created_centavos', { mode: 'number' })
      .notNull()
      .default(0),
    creditStudentId: text('credit_student_id'),
    /**
     * What went back to the family's card or bank account (ADR 0120): card voids and refunds
     * the gateway approved, bank refunds whose payout it approved; not what became credit.
     */
    returnedCentavos: bigint('returned_centavos', { mode: 'number' }).notNull().default(0),
    errorCode: text('error_code'),
    errorMessage: text('error_message'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    paidAt: timestamp('paid_at', { withTimezone: true }),
  },
  (t) => [
    unique('payins_school_idempotency_key').on(t.schoolId, t.idempotencyKey),
    check(
      'payins_amount_range',
      sql`${t.amountCentavos} > 0 AND ${t.amountCentavos} <= ${sql.raw(String(MAX_CENTAVOS))}`,
    ),
    check('payins_credit_nonnegative', sql`${t.creditCreatedCentavos} >= 0`),
    check(
      'payins_returned_range',
      sql`${t.returnedCentavos} >= 0 AND ${t.returnedCentavos} <= ${t.amountCentavos}`,
    ),
    check('payins_type_check', inList(t.type.name, PAYIN_TYPE_VALUES)),
    check('payins_status_check', inList(t.status.name, PAYIN_STATUS_VALUES)),
    check('payins_method_check', inList(t.method.name, METHOD_VALUES)),
    index('payins_school_created_idx').on(t.schoolId, t.createdAt),
    // Inicio's collections and the month close read a school's payins by the day paid (ADR 0085).
    index('payins_school_paid_idx')
      .on(t.schoolId, t.paidAt)
      .where(sql`${t.paidAt} IS NOT NULL`),
    index('payins_guardian_idx').on(t.guardianId),
    index('payins_student_ids_idx').using('gin', t.studentIds),
    index('payins_pending_card_idx')
      .on(t.createdAt)
      .where(sql`${t.status} = 'pending' AND ${t.type} = 'CARD'`),
  ],
);

/** What a card payin pays, as billing quoted it at checkout (allocated when it settles). */
export const payinItems = pgTable(
  'payin_items',
  {
    payinId: uuid('payin_id')
      .notNull()
      .references(() => payins.id),
    orderId: text('order_id').notNull(),
    studentId: text('student_id').notNull(),
    conceptId: text('concept_id').notNull(),
    conceptName: text('concept_name').notNull(),
    conceptType: text('concept_type').$type<ConceptType>().notNull(),
    period: text('period'),
    dueOn: date('due_on').notNull(),
    baseCentavos: bigint('base_centavos', { mode: 'number' }).notNull(),
    lateFeeCentavos: bigint('late_fee_centavos', { mode: 'number' }).notNull(),
    /** The order's whole base amount and accrued late fee, when billing's quote said them. */
    orderAmountCentavos: bigint('order_amount_centavos', { mode: 'number' }),
    orderLateFeeCentavos: bigint('order_late_fee_centavos', { mode: 'number' }),
  },
  (t) => [
    primaryKey({ columns: [t.payinId, t.orderId] }),
    check(
      'payin_items_amounts',
      sql`${t.baseCentavos} >= 0 AND ${t.lateFeeCentavos} >= 0 AND ${t.baseCentavos} + ${t.lateFeeCentavos} > 0`,
    ),
  ],
);

/** A student's credit balance paying orders billed later (one per billed event and student). */
export const creditApplications = pgTable(
  'credit_applications',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    schoolId: text('school_id').notNull(),
    studentId: text('student_id').notNull(),
    /** The billing event that triggered it: one application per event and student. */
    sourceEventId: text('source_event_id').notNull(),
    amountCentavos: bigint('amount_centavos', { mode: 'number' }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique('credit_applications_source_student').on(t.sourceEventId, t.studentId),
    check('credit_applications_amount_positive', sql`${t.amountCentavos} > 0`),
  ],
);

const REVERSAL_KIND_VALUES = ['void', 'refund'] as const;
const REVERSAL_STATUS_VALUES = ['pending', 'applied', 'declined'] as const;

/**
 * Money of a payin given back or undone (ADR 0036): a correction is this row, negative
 * allocations and a reversal posting, never an edit of what it corrects. One void per payin.
 */
export const payinReversals = pgTable(
  'payin_reversals',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    payinId: uuid('payin_id')
      .notNull()
      .references(() => payins.id),
    schoolId: text('school_id').notNull(),
    kind: text('kind').$type<(typeof REVERSAL_KIND_VALUES)[number]>().notNull(),
    status: text('status').$type<(typeof REVERSAL_STATUS_VALUES)[number]>().notNull(),
    amountCentavos: bigint('amount_centavos', { mode: 'number' }).notNull(),
    creditReversedCentavos: bigint('credit_reversed_centavos', { mode: 'number' })
      .notNull()
      .default(0),
    /** Of the credit taken back, what was already spent: the family owes it (ADR 0036). */
    creditOwedCentavos: bigint('credit_owed_centavos', { mode: 'number' }).notNull().default(0),
    reason: text('reason').notNull(),
    requestedBy: text('requested_by'),
    requestedByName: text('requested_by_name'),
    /** A card reversal's key and request hash: a retry answers the first (ADR 0036). */
    idempotencyKey: text('idempotency_key'),
    requestHash: text('request_hash'),
    /** The gateway's ticket of the void or refund, once it answered. */
    gatewayTicketNumber: text('gateway_ticket_number').unique(),
    /** When the gateway was last asked: a retry asks again only after the gateway's timeout. */
    gatewayRequestedAt: timestamp('gateway_requested_at', { withTimezone: true }),
    /** Why the gateway refused it (declined), in Spanish. */
    errorMessage: text('error_message'),
    /**
     * SPEI/cash money given back to a bank account (ADR 0110): the CLABE and holder staff
     * typed, and the payout's own status (pending until `kushki/payout_status`).
     */
    payoutClabe: text('payout_clabe'),
    payoutHolderName: text('payout_holder_name'),
    payoutStatus: text('payout_status').$type<(typeof REVERSAL_STATUS_VALUES)[number]>(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    appliedAt: timestamp('applied_at', { withTimezone: true }),
  },
  (t) => [
    check(
      'payin_reversals_payout_status_check',
      inList(t.payoutStatus.name, REVERSAL_STATUS_VALUES),
    ),
    unique('payin_reversals_school_idempotency_key').on(t.schoolId, t.idempotencyKey),
    // A payin's reversals are read with every staff payin detail.
    index('payin_reversals_payin').on(t.payinId),
    uniqueIndex('payin_reversals_one_void')
      .on(t.payinId)
      .where(sql`${t.kind} = 'void'`),
    check('payin_reversals_amount_positive', sql`${t.amountCentavos} > 0`),
    check('payin_reversals_credit_nonnegative', sql`${t.creditReversedCentavos} >= 0`),
    check('payin_reversals_kind_check', inList(t.kind.name, REVERSAL_KIND_VALUES)),
    check('payin_reversals_status_check', inList(t.status.name, REVERSAL_STATUS_VALUES)),
  ],
);

/**
 * Money applied to an order: by a payin, a credit application or — negative — a reversal,
 * exactly one of them. Late fee first, then the base amount. `seq` orders allocations for
 * the quote watermark; sums over an order are what payments applied to it.
 */
export const allocations = pgTable(
  'allocations',
  {
    seq: bigserial('seq', { mode: 'number' }).primaryKey(),
    payinId: uuid('payin_id').references(() => payins.id),
    creditApplicationId: uuid('credit_application_id').references(() => creditApplications.id),
    reversalId: uuid('reversal_id').references(() => payinReversals.id),
    schoolId: text('school_id').notNull(),
    orderId: text('order_id').notNull(),
    studentId: text('student_id').notNull(),
    conceptId: text('concept_id').notNull(),
    conceptName: text('concept_name').notNull(),
    conceptType: text('concept_type').$type<ConceptType>().notNull(),
    period: text('period'),
    baseCentavos: bigint('base_centavos', { mode: 'number' }).notNull(),
    lateFeeCentavos: bigint('late_fee_centavos', { mode: 'number' }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique('allocations_payin_order').on(t.payinId, t.orderId),
    unique('allocations_credit_order').on(t.creditApplicationId, t.orderId),
    unique('allocations_reversal_order').on(t.reversalId, t.orderId),
    check(
      'allocations_one_source',
      sql`num_nonnulls(${t.payinId}, ${t.creditApplicationId}, ${t.reversalId}) = 1`,
    ),
    check(
      'allocations_amounts',
      sql`CASE WHEN ${t.reversalId} IS NULL
        THEN ${t.baseCentavos} >= 0 AND ${t.lateFeeCentavos} >= 0 AND ${t.baseCentavos} + ${t.lateFeeCentavos} > 0
        ELSE ${t.baseCentavos} <= 0 AND ${t.lateFeeCentavos} <= 0 AND ${t.baseCentavos} + ${t.lateFeeCentavos} < 0 END`,
    ),
    index('allocations_order_idx').on(t.orderId),
    index('allocations_student_idx').on(t.studentId),
  ],
);

/**
 * What a refund left a student owing (`owed:<student>`, ADR 0036) paid off: by a desk payin
 * or a credit application, or — negative — put back by a void of that payin. Exactly one
 * source, one row per source and student.
 */
export const owedCollections = pgTable(
  'owed_collections',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    schoolId: text('school_id').notNull(),
    studentId: text('student_id').notNull(),
    payinId: uuid('payin_id').references(() => payins.id),
    creditApplicationId: uuid('credit_application_id').references(() => creditApplications.id),
    reversalId: uuid('reversal_id').references(() => payinReversals.id),
    amountCentavos: bigint('amount_centavos', { mode: 'number' }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique('owed_collections_payin_student').on(t.payinId, t.studentId),
    unique('owed_collections_credit_student').on(t.creditApplicationId, t.studentId),
    unique('owed_collections_reversal_student').on(t.reversalId, t.studentId),
    check(
      'owed_collections_one_source',
      sql`num_nonnulls(${t.payinId}, ${t.creditApplicationId}, ${t.reversalId}) = 1`,
    ),
    check(
      'owed_collections_amount_sign',
      sql`CASE WHEN ${t.reversalId} IS NULL THEN ${t.amountCentavos} > 0 ELSE ${t.amountCentavos} < 0 END`,
    ),
  ],
);

/**
 * Each distinct gateway notification, once per merchant: five deliveries of one ticket are
 * one row (a notice signed by another merchant never takes our ticket's place).
 */
export const gatewayNotifications = pgTable(
  'gateway_notifications',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    publicMerchantId: text('public_merchant_id').notNull(),
    ticketNumber: text('ticket_number').notNull(),
    transactionType: text('transaction_type').notNull(),
    transactionStatus: text('transaction_status').notNull(),
    payinId: uuid('payin_id'),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
    /** A sale recorded but not settled yet: the notice queue's work (ADR 0111). */
    pendingSale: jsonb('pending_sale').$type<GatewaySale>(),
  },
  (t) => [
    unique('gateway_notifications_ticket').on(
      t.publicMerchantId,
      t.ticketNumber,
      t.transactionType,
    ),
    index('gateway_notifications_pending')
      .on(t.id)
      .where(sql`${t.pendingSale} IS NOT NULL`),
  ],
);

/**
 * A student's credit moved to a sibling or given back (ADR 0036), with the key that makes a
 * retry answer the first transfer (ADR 0019, the key on the row).
 */
export const creditTransfers = pgTable(
  'credit_transfers',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    schoolId: text('school_id').notNull(),
    kind: text('kind').$type<'move' | 'refund'>().notNull(),
    fromStudentId: text('from_student_id').notNull(),
    toStudentId: text('to_student_id'),
    method: text('method').$type<'cash' | 'transfer'>(),
    amountCentavos: bigint('amount_centavos', { mode: 'number' }).notNull(),
    reason: text('reason').notNull(),
    requestedBy: text('requested_by').notNull(),
    /** Who handed the money or moved it, as named when it happened (the corte de caja). */
    requestedByName: text('requested_by_name'),
    idempotencyKey: text('idempotency_key').notNull(),
    requestHash: text('request_hash').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique('credit_transfers_school_idempotency_key').on(t.schoolId, t.idempotencyKey),
    check('credit_transfers_amount_positive', sql`${t.amountCentavos} > 0`),
    check(
      'credit_transfers_kind_target',
      sql`(${t.kind} = 'move' AND ${t.toStudentId} IS NOT NULL AND ${t.method} IS NULL)
        OR (${t.kind} = 'refund' AND ${t.toStudentId} IS NULL AND ${t.method} IN ('cash', 'transfer'))`,
    ),
  ],
);

/** The desk's receipt folios, one sequence per school. */
export const receiptCounters = pgTable('receipt_counters', {
  schoolId: text('school_id').primaryKey(),
  lastNumber: integer('last_number').notNull(),
});

/** A school's bank accounts: where its payouts go (CLABE checked, bank named from it). */
export const bankAccounts = pgTable(
  'bank_accounts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    schoolId: text('school_id').notNull(),
    clabe: text('clabe').notNull(),
    bankCode: text('bank_code').notNull(),
    bankName: text('bank_name').notNull(),
    holderName: text('holder_name').notNull(),
    alias: text('alias'),
    createdBy: text('created_by').notNull(),
    createdByName: text('created_by_name'),
    /** The request's Idempotency-Key and hash: a retry answers the first (ADR 0019). */
    idempotencyKey: text('idempotency_key').notNull(),
    requestHash: text('request_hash').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // A school has a CLABE once.
    unique('bank_accounts_school_clabe').on(t.schoolId, t.clabe),
    unique('bank_accounts_school_idempotency_key').on(t.schoolId, t.idempotencyKey),
  ],
);

const bytea = customType<{ data: Buffer }>({ dataType: () => 'bytea' });

/**
 * A transfer a family reported as paid (ADR 0036): its payin is a pending TRANSFER_IN until
 * staff confirm it (then it pays like a desk payment) or reject it; the family may delete it
 * while pending (the payin is canceled).
 */
export const transferReports = pgTable('transfer_reports', {
  payinId: uuid('payin_id')
    .primaryKey()
    .references(() => payins.id),
  schoolId: text('school_id').notNull(),
  studentId: text('student_id').notNull(),
  orderIds: text('order_ids').array().notNull(),
  paidOn: date('paid_on', { mode: 'string' }).notNull(),
  reference: text('reference'),
  decidedBy: text('decided_by'),
  decidedByName: text('decided_by_name'),
  decidedAt: timestamp('decided_at', { withTimezone: true }),
  rejectionReason: text('rejection_reason'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * The family's proof of a reported transfer: one per report, replaced while it is pending.
 * The file lives in the proof store (ADR 0045), named by its SHA-256 (`sha256`); `bytes` is
 * only set on proofs uploaded before the store existed, which are read from here.
 */
export const paymentProofs = pgTable(
  'payment_proofs',
  {
    payinId: uuid('payin_id')
      .primaryKey()
      .references(() => transferReports.payinId),
    contentType: text('content_type').notNull(),
    fileName: text('file_name').notNull(),
    sizeBytes: integer('size_bytes').notNull(),
    sha256: text('sha256'),
    bytes: bytea('bytes'),
    uploadedAt: timestamp('uploaded_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('payment_proofs_size_positive', sql`${t.sizeBytes} > 0`),
    check('payment_proofs_stored', sql`${t.sha256} IS NOT NULL OR ${t.bytes} IS NOT NULL`),
  ],
);

/**
 * A school's judgement of a family (ADR 0036 "risk"): one row per school and guardian, set
 * from the backoffice; without a row the family is no_risk. high_risk refuses card payments.
 */
export const guardianCreditProfiles = pgTable(
  'guardian_credit_profiles',
  {
    schoolId: text('school_id').notNull(),
    guardianId: text('guardian_id').notNull(),
    riskLevel: text('risk_level').$type<RiskLevel>().notNull(),
    paidFlag: text('paid_flag').$type<PaidFlag>().notNull(),
    note: text('note'),
    updatedBy: text('updated_by').notNull(),
    updatedByName: text('updated_by_name'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.schoolId, t.guardianId] }),
    check(
      'guardian_credit_profiles_risk_level',
      sql`${t.riskLevel} IN ('no_risk','low_risk','medium_risk','high_risk','under_investigation')`,
    ),
    check(
      'guardian_credit_profiles_paid_flag',
      sql`${t.paidFlag} IN ('total','partial','no_aply')`,
    ),
  ],
);

const PAYOUT_STATUS_VALUES = [
  'SCHEDULED',
  'PROCESSING',
  'APPROVED',
  'DECLINED',
  'CANCELED',
] as const;

/**
 * A payout (dispersión, ADR 0043): one closed Mexico City day of a school's card money, less
 * that day's card reversals and the gateway's fees, sent through the gateway to one of the
 * school's bank accounts. A day is scheduled once; its status follows the gateway's webhook.
 */
export const payouts = pgTable(
  'payouts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    schoolId: text('school_id').notNull(),
    collectedOn: date('collected_on', { mode: 'string' }).notNull(),
    scheduledOn: date('scheduled_on', { mode: 'string' }).notNull(),
    status: text('status').$type<(typeof PAYOUT_STATUS_VALUES)[number]>().notNull(),
    payins: integer('payins').notNull(),
    collectedCentavos: bigint('collected_centavos', { mode: 'number' }).notNull(),
    reversedCentavos: bigint('reversed_centavos', { mode: 'number' }).notNull(),
    /** Refunds of payments an earlier payout already paid out, deducted here (ADR 0043). */
    carriedCentavos: bigint('carried_centavos', { mode: 'number' }).notNull().default(0),
    feeCentavos: bigint('fee_centavos', { mode: 'number' }).notNull(),
    netCentavos: bigint('net_centavos', { mode: 'number' }).notNull(),
    bankAccountId: uuid('bank_account_id')
      .notNull()
      .references(() => bankAccounts.id),
    /** The gateway's ticket of the current execution: its webhook names it. */
    gatewayTicket: text('gateway_ticket').unique(),
    publicMerchantId: text('public_merchant_id'),
    statusReason: text('status_reason'),
    createdBy: text('created_by').notNull(),
    createdByName: text('created_by_name'),
    executedBy: text('executed_by'),
    executedAt: timestamp('executed_at', { withTimezone: true }),
    /**
     * How many times it was sent (a re-execution after DECLINED counts; a retry after a lost
     * answer does not): the gateway's Idempotency-Key, so a retry gets the same transfer and a
     * re-execution a new one.
     */
    executions: integer('executions').notNull().default(0),
    /** Who canceled it (ADR 0056); the reason is `status_reason`. */
    canceledBy: text('canceled_by'),
    canceledAt: timestamp('canceled_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique('payouts_school_day').on(t.schoolId, t.collectedOn),
    check('payouts_status_check', inList(t.status.name, PAYOUT_STATUS_VALUES)),
    check('payouts_net_positive', sql`${t.netCentavos} > 0`),
    check(
      'payouts_amounts',
      sql`${t.netCentavos} = ${t.collectedCentavos} - ${t.reversedCentavos} - ${t.carriedCentavos} - ${t.feeCentavos}`,
    ),
  ],
);

/** The card payins a payout settles: each payin is in one payout at most. */
export const payoutPayins = pgTable('payout_payins', {
  payinId: uuid('payin_id')
    .primaryKey()
    .references(() => payins.id),
  payoutId: uuid('payout_id')
    .notNull()
    .references(() => payouts.id),
});

/**
 * The card reversals each payout deducts, and how much of each (ADR 0057): a reversal larger
 * than one payout can take is split across later payouts, so it may have several rows, and
 * their amounts never exceed it. `carried` when its payin was already in an earlier payout
 * (the gateway takes it from a later settlement).
 */
export const payoutReversals = pgTable(
  'payout_reversals',
  {
    reversalId: uuid('reversal_id')
      .notNull()
      .references(() => payinReversals.id),
    payoutId: uuid('payout_id')
      .notNull()
      .references(() => payouts.id),
    carried: boolean('carried').notNull(),
    amountCentavos: bigint('amount_centavos', { mode: 'number' }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.reversalId, t.payoutId] }),
    check('payout_reversals_amount', sql`${t.amountCentavos} > 0`),
  ],
);

/** What the gateway said a school's payout balance was, for the operators' comparison. */
export const payoutBalances = pgTable(
  'payout_balances',
  {
    schoolId: text('school_id').notNull(),
    asOf: date('as_of', { mode: 'string' }).notNull(),
    balanceCentavos: bigint('balance_centavos', { mode: 'number' }).notNull(),
    recordedBy: text('recorded_by').notNull(),
    recordedAt: timestamp('recorded_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.schoolId, t.asOf] })],
);

/**
 * A family's payment preference (ADR 0045): the orders it chose and how it will pay, with what
 * each owed when it was made (billing's quote less payments' allocations). No money moves; the
 * validation compares it with what the orders owe later. Its key answers a retried create.
 */
export const paymentPreferences = pgTable(
  'payment_preferences',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    schoolId: text('school_id').notNull(),
    guardianId: text('guardian_id').notNull(),
    method: text('method').$type<PreferenceMethod>().notNull(),
    amountCentavos: bigint('amount_centavos', { mode: 'number' }).notNull(),
    items: jsonb('items').$type<PreferenceItem[]>().notNull(),
    idempotencyKey: text('idempotency_key').notNull(),
    requestHash: text('request_hash').notNull(),
    /** A transfer or cash preference's pending payin, which carries its reference (ADR 0089). */
    payinId: uuid('payin_id').references(() => payins.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique('payment_preferences_key').on(t.schoolId, t.guardianId, t.idempotencyKey),
    check(
      'payment_preferences_method_check',
      inList(t.method.name, preferenceMethodSchema.options),
    ),
  ],
);

/**
 * A billing subscription a family pays by card (ADR 0070): Kushki's subscription keeping the
 * card, one per billing subscription. CANCELED stops its charges; a new card takes it up.
 */
export const cardSubscriptions = pgTable(
  'card_subscriptions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    schoolId: text('school_id').notNull(),
    guardianId: text('guardian_id').notNull(),
    billingSubscriptionId: text('billing_subscription_id').notNull(),
    studentId: text('student_id').notNull(),
    conceptId: text('concept_id').notNull(),
    publicMerchantId: text('public_merchant_id').notNull(),
    gatewaySubscriptionId: text('gateway_subscription_id').notNull(),
    cardBrand: text('card_brand').notNull(),
    cardLastFour: text('card_last_four').notNull(),
    status: text('status').$type<CardSubscriptionStatus>().notNull(),
    /** Months before the card's are not charged: they were owed before it was given. */
    fromPeriod: text('from_period').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    canceledAt: timestamp('canceled_at', { withTimezone: true }),
    /** When Kushki let the card go; a cancelled card without it is asked again (ADR 0080). */
    gatewayReleasedAt: timestamp('gateway_released_at', { withTimezone: true }),
  },
  (t) => [
    unique('card_subscriptions_billing').on(t.billingSubscriptionId),
    index('card_subscriptions_active').on(t.status),
    index('card_subscriptions_unreleased')
      .on(t.canceledAt)
      .where(sql`status = 'CANCELED' AND gateway_released_at IS NULL`),
    check('card_subscriptions_status_check', inList(t.status.name, CARD_SUBSCRIPTION_STATUSES)),
  ],
);

/** One on-demand charge per order (ADR 0070): the row exists before Kushki is called. */
export const cardSubscriptionCharges = pgTable(
  'card_subscription_charges',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    cardSubscriptionId: uuid('card_subscription_id')
      .notNull()
      .references(() => cardSubscriptions.id),
    orderId: text('order_id').notNull(),
    period: text('period'),
    amountCentavos: bigint('amount_centavos', { mode: 'number' }).notNull(),
    status: text('status').$type<CardChargeStatus>().notNull(),
    ticketNumber: text('ticket_number'),
    message: text('message'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique('card_subscription_charges_order').on(t.orderId),
    index('card_subscription_charges_subscription').on(t.cardSubscriptionId),
    check('card_subscription_charges_status_check', inList(t.status.name, CARD_CHARGE_STATUSES)),
    check('card_subscription_charges_amount_check', sql`${t.amountCentavos} > 0`),
  ],
);

/** Whether billing was told a store payment's outcome (ADR 0074). */
export const STORE_STOCK_STATES = ['held', 'committed', 'released', 'lapsed', 'refunded'] as const;
export type StoreStockState = (typeof STORE_STOCK_STATES)[number];

/**
 * A store purchase (ADR 0074): the card payin that pays it and billing's optional order
 * holding its stock. `stock` stays `held` until billing committed (paid) or released
 * (failed) the order; `lapsed`: paid after the hold ran out and the units were sold, not
 * given back yet; `refunded`: such a payment given back (ADR 0083).
 */
export const storeCheckouts = pgTable(
  'store_checkouts',
  {
    payinId: uuid('payin_id')
      .primaryKey()
      .references(() => payins.id),
    schoolId: text('school_id').notNull(),
    optionalOrderId: text('optional_order_id').notNull(),
    studentId: text('student_id'),
    buyerEmail: text('buyer_email'),
    /** The lines billing priced at reserve: the sale's receipt and CFDI name them. */
    lines: jsonb('lines').$type<StoreSaleLine[]>().notNull().default([]),
    /** A guest's fiscal data for their own CFDI (ADR 0092); null: público en general. */
    fiscal: jsonb('fiscal').$type<GuestFiscal>(),
    stock: text('stock').$type<StoreStockState>().notNull().default('held'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique('store_checkouts_order_key').on(t.schoolId, t.optionalOrderId),
    check('store_checkouts_stock_check', inList(t.stock.name, STORE_STOCK_STATES)),
    index('store_checkouts_held_idx')
      .on(t.createdAt)
      .where(sql`${t.stock} = 'held'`),
  ],
);

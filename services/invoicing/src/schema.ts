import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  customType,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type { EducationLevel } from '@cuota/contracts/enrolment/entities';
import { INVOICE_STATUSES, type InvoicePart } from '@cuota/contracts/invoicing/invoices';
import type { CancellationMotive } from '@cuota/contracts/invoicing/cancellations';
import type { InvoiceTiming } from '@cuota/contracts/invoicing/fiscal-entities';
import {
  PUBLICO_EN_GENERAL_MODES,
  type PublicoEnGeneralMode,
} from '@cuota/contracts/invoicing/global-invoice';
import type { PaidMethod, ReceptorInput } from './cfdi/invoice-input';
import type { InvoiceLineRecord } from './invoices/invoice-request-rules';

export { outboxEvents, inboxEvents } from '@cuota/messaging/outbox/outbox-schema';

const bytea = customType<{ data: Buffer; driverData: Buffer }>({ dataType: () => 'bytea' });

/**
 * Invoicing's copy of each guardian's fiscal data (the CFDI receptor), fed by enrolment's
 * events; invoicing never reads enrolment's tables. Ids are enrolment's, kept as text.
 */
export const fiscalGuardians = pgTable(
  'fiscal_guardians',
  {
    guardianId: text('guardian_id').primaryKey(),
    /** Schools whose staff may see this guardian's fiscal data. */
    schoolIds: text('school_ids').array().notNull(),
    /** Where the guardian's invoices are e-mailed (ADR 0037 "delivery"). */
    email: text('email'),
    billingName: text('billing_name'),
    taxId: text('tax_id'),
    taxZipCode: text('tax_zip_code'),
    /** Régimen fiscal (c_RegimenFiscal); null until the guardian gives it. */
    taxRegime: text('tax_regime'),
    /** The use of CFDI the family asked for (c_UsoCFDI); kept only where SAT admits it. */
    cfdiUse: text('cfdi_use'),
    /** When enrolment said the guardian looked like this (the event's occurred_at). */
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  // GIN: staff look-ups ask "does school_ids overlap my memberships".
  (t) => [index('fiscal_guardians_school_ids_idx').using('gin', t.schoolIds)],
);

/** Invoicing's copy of enrolment's students (docs/adr/0026): whom a colegiatura's IEDU names. */
export { studentDirectory } from '@cuota/student-directory/student-directory-schema';

/**
 * A razón social the school invoices under (a CFDI emisor; several per school, e.g. one per
 * level), and its CSD. The certificate is public; the private key and its password are
 * AES-256-GCM sealed with INVOICING_SECRETS_KEY (secret-box.ts).
 */
export const fiscalEntities = pgTable(
  'fiscal_entities',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    schoolId: text('school_id').notNull(),
    /** The levels whose students it invoices; empty: every level no other entity names. */
    levels: text('levels')
      .array()
      .$type<EducationLevel[]>()
      .notNull()
      .default(sql`'{}'`),
    rfc: text('rfc').notNull(),
    legalName: text('legal_name').notNull(),
    regimenFiscal: text('regimen_fiscal').notNull(),
    postalCode: text('postal_code').notNull(),
    /** autRVOE per education level; a level without one is not exempt from IVA. */
    rvoe: jsonb('rvoe').$type<Partial<Record<EducationLevel, string>>>().notNull(),
    timeZone: text('time_zone').notNull().default('America/Mexico_City'),
    /**
     * When its students' orders are invoiced (ADR 0037 "PPD and Pagos 2.0"): `payment` (PUE
     * when the money arrives) or `billing` (PPD when billed, a CFDI de pago per payment).
     */
    invoiceTiming: text('invoice_timing').$type<InvoiceTiming>().notNull().default('payment'),
    /**
     * Payments of families without valid fiscal data (ADR 0042): `per_payment` (one CFDI
     * each) or held for a global CFDI of that periodicity.
     */
    publicoEnGeneral: text('publico_en_general')
      .$type<PublicoEnGeneralMode>()
      .notNull()
      .default('per_payment'),
    series: text('series').notNull(),
    nextFolio: bigint('next_folio', { mode: 'number' }).notNull().default(1),
    csdCertificate: bytea('csd_certificate').notNull(),
    csdNoCertificado: text('csd_no_certificado').notNull(),
    csdValidTo: timestamp('csd_valid_to', { withTimezone: true }).notNull(),
    csdKeySealed: bytea('csd_key_sealed').notNull(),
    csdPasswordSealed: bytea('csd_password_sealed').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('fiscal_entities_next_folio_positive', sql`${t.nextFolio} > 0`),
    uniqueIndex('fiscal_entities_school_rfc_key').on(t.schoolId, t.rfc),
    // Invoices are unique by school, series and folio: two entities never share a series.
    uniqueIndex('fiscal_entities_school_series_key').on(t.schoolId, t.series),
    check(
      'fiscal_entities_invoice_timing_check',
      sql`${t.invoiceTiming} IN ('payment', 'billing')`,
    ),
    check(
      'fiscal_entities_publico_en_general_check',
      sql.raw(
        `publico_en_general IN (${PUBLICO_EN_GENERAL_MODES.map((m) => `'${m}'`).join(', ')})`,
      ),
    ),
  ],
);

/**
 * How the money behind a student's credit balance came in (the latest payin that created
 * credit): the FormaPago of the invoice when that credit later pays orders.
 */
export const creditOrigins = pgTable('credit_origins', {
  studentId: text('student_id').primaryKey(),
  method: text('method').$type<PaidMethod>().notNull(),
  payinId: text('payin_id').notNull(),
  recordedAt: timestamp('recorded_at', { withTimezone: true }).notNull(),
});

export { INVOICE_STATUSES } from '@cuota/contracts/invoicing/invoices';
export type InvoiceStatus = (typeof INVOICE_STATUSES)[number];
export type InvoiceErrorSource = 'pac' | 'checks';
/**
 * What caused a document: an income invoice a payment (`payin`), a credit application
 * (`credit`) or, invoiced before it is paid (PPD), an order's billing (`billing`, the order's
 * id); a CFDI de pago its payment or credit application; a credit note a payin's reversal
 * (`reversal`), an order's adjustment (`adjustment`) or staff (`staff`, ADR 0037); a global
 * invoice its entity, periodicity and period (`global`, ADR 0042).
 */
export const INVOICE_SOURCES = [
  'payin',
  'credit',
  'billing',
  'reversal',
  'adjustment',
  'staff',
  'global',
] as const;
export type InvoiceSource = (typeof INVOICE_SOURCES)[number];
/** Spec §3's document types, and the CFDI de pago (Pagos 2.0) of a PPD invoice. */
export const INVOICE_DOCUMENTS = ['invoice', 'credit_note', 'payment', 'global'] as const;
export type InvoiceDocument = (typeof INVOICE_DOCUMENTS)[number];
export type GlobalState = 'held' | 'released';

/**
 * Up to two CFDI per payment (or credit application) and student, its colegiatura and its
 * other concepts (`part`, ADR 0037). The unique key on the source, the student and the part
 * makes a redelivered or duplicated event harmless.
 */
export const invoices = pgTable(
  'invoices',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    schoolId: text('school_id').notNull(),
    document: text('document').$type<InvoiceDocument>().notNull().default('invoice'),
    /**
     * A credit note's income invoice (TipoRelacion 01), a CFDI de pago's PPD invoice; null
     * for an income invoice.
     */
    relatedInvoiceId: uuid('related_invoice_id'),
    /**
     * The stamped CFDI this one substitutes (TipoRelacion 04): an income invoice (`reinvoice`)
     * or a CFDI de pago restated after a partial refund.
     */
    replacesInvoiceId: uuid('replaces_invoice_id'),
    /** A credit note's is its income invoice's. */
    part: text('part').$type<InvoicePart>().notNull(),
    /** The razón social that issued it (its series, folio and CSD), once built. */
    fiscalEntityId: uuid('fiscal_entity_id'),
    sourceKind: text('source_kind').$type<InvoiceSource>().notNull(),
    sourceId: text('source_id').notNull(),
    studentId: text('student_id').notNull(),
    /** The family that paid (null for a credit application). */
    payerGuardianId: text('payer_guardian_id'),
    /** The student's billing guardian when the invoice was (last) built: its receptor. */
    billingGuardianId: text('billing_guardian_id'),
    /** How the money came; null for a PPD invoice (not paid yet: FormaPago 99). */
    method: text('method').$type<PaidMethod>(),
    paidAt: timestamp('paid_at', { withTimezone: true }).notNull(),
    lines: jsonb('lines').$type<InvoiceLineRecord[]>().notNull(),
    orderIds: text('order_ids').array().notNull(),
    /** What the document is for; a CFDI de pago's is the amount it pays (ImpPagado). */
    totalCentavos: bigint('total_centavos', { mode: 'number' }).notNull(),
    /** A CFDI de pago's NumParcialidad and ImpSaldoAnt, decided when it is recorded. */
    installment: integer('installment'),
    balanceBeforeCentavos: bigint('balance_before_centavos', { mode: 'number' }),
    /**
     * A CFDI de pago's DoctoRelacionado carried by another row's CFDI: one payment of several
     * PPD invoices of one receptor is one CFDI (ADR 0037). The carrier is stamped; a trigger
     * (migration 0014) copies its status, UUID, XML, folio and errors to its riders.
     */
    carriedByInvoiceId: uuid('carried_by_invoice_id'),
    status: text('status').$type<InvoiceStatus>().notNull().default('pending'),
    series: text('series'),
    folio: text('folio'),
    receptorRfc: text('receptor_rfc').notNull(),
    receptorName: text('receptor_name').notNull(),
    /** Why the invoice went to público en general, when it did. */
    receptorNote: text('receptor_note'),
    /**
     * A store guest's fiscal data, as they gave it at checkout (ADR 0092): their sale names no
     * student (`student_id` ''), so the receptor comes from here, not from a billing guardian.
     */
    guestReceptor: jsonb('guest_receptor').$type<ReceptorInput>(),
    /** Where a store guest's CFDI is e-mailed once stamped: the address they bought with. */
    guestEmail: text('guest_email'),
    /** The sealed CFDI sent to the PAC: resent unchanged on retries (stamping is idempotent). */
    sealedXml: text('sealed_xml'),
    issuedAt: timestamp('issued_at', { withTimezone: true }),
    stampedXml: text('stamped_xml'),
    uuid: text('uuid'),
    stampedAt: timestamp('stamped_at', { withTimezone: true }),
    errorCode: text('error_code'),
    errorMessage: text('error_message'),
    /** Who refused it: the PAC (SAT's rules) or invoicing's own checks before sending it. */
    errorSource: text('error_source').$type<InvoiceErrorSource>(),
    /**
     * A público-en-general payment's invoice and its entity's global CFDI (ADR 0042): `held`
     * out of the stamping queue for the global one of its period; `released` to be stamped
     * on its own (its period's global was already sealed when it arrived); null otherwise.
     */
    globalState: text('global_state').$type<GlobalState>(),
    /** The global invoice that collected it, once its period closed. */
    globalInvoiceId: uuid('global_invoice_id'),
    /**
     * Refunds already taken out of a held payment's lines before its global was sealed (ADR
     * 0051 addendum): a reversal delivered again reduces nothing twice.
     */
    reducedByReversals: text('reduced_by_reversals')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** Why a stamped invoice is still standing after a cancellation was asked (ADR 0037). */
    cancellationNote: text('cancellation_note'),
    /** Why money went back with this credit note: staff's words in Facturas, or the refund's. */
    creditReason: text('credit_reason'),
    /** Stamping attempts since the last (re)build; drives the backoff. */
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    /** A worker owns the invoice until then (several processes may run workers)… */
    leaseUntil: timestamp('lease_until', { withTimezone: true }),
    /** …and proves it is still the owner with this token when it writes the outcome. */
    leaseToken: uuid('lease_token'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('invoices_source_student_part_key')
      .on(t.sourceKind, t.sourceId, t.studentId, t.part)
      .where(sql`${t.document} = 'invoice' AND ${t.replacesInvoiceId} IS NULL`),
    // One global invoice per entity, periodicity and period, however many jobs close it; its
    // re-issue without a payment (motive 04, ADR 0050) shares the period.
    uniqueIndex('invoices_global_period_key')
      .on(t.sourceId)
      .where(sql`${t.document} = 'global' AND ${t.replacesInvoiceId} IS NULL`),
    index('invoices_global_members_idx')
      .on(t.globalInvoiceId)
      .where(sql`${t.globalInvoiceId} IS NOT NULL`),
    index('invoices_held_idx')
      .on(t.fiscalEntityId)
      .where(sql`${t.globalState} = 'held' AND ${t.globalInvoiceId} IS NULL`),
    // One substitute per invoice, however often staff ask.
    uniqueIndex('invoices_replaces_key')
      .on(t.replacesInvoiceId)
      .where(sql`${t.replacesInvoiceId} IS NOT NULL`),
    // One credit note per cause and income invoice, however often the event arrives.
    uniqueIndex('invoices_credit_note_cause_key')
      .on(t.sourceKind, t.sourceId, t.relatedInvoiceId)
      .where(sql`${t.document} = 'credit_note'`),
    // One CFDI de pago per payment and PPD invoice, however often the event arrives.
    uniqueIndex('invoices_payment_cause_key')
      .on(t.sourceKind, t.sourceId, t.relatedInvoiceId)
      .where(sql`${t.document} = 'payment'`),
    index('invoices_related_idx')
      .on(t.relatedInvoiceId)
      .where(sql`${t.relatedInvoiceId} IS NOT NULL`),
    // A rider shares its carrier's folio: it is the same CFDI.
    uniqueIndex('invoices_school_series_folio_key')
      .on(t.schoolId, t.series, t.folio)
      .where(sql`${t.carriedByInvoiceId} IS NULL`),
    index('invoices_carried_by_idx')
      .on(t.carriedByInvoiceId)
      .where(sql`${t.carriedByInvoiceId} IS NOT NULL`),
    index('invoices_school_created_idx').on(t.schoolId, t.createdAt),
    // What a school stamped in a period (the month close, ADR 0076): a range on the instant.
    index('invoices_school_stamped_idx')
      .on(t.schoolId, t.stampedAt)
      .where(sql`${t.stampedAt} IS NOT NULL`),
    index('invoices_order_ids_idx').using('gin', t.orderIds),
    index('invoices_due_idx')
      .on(t.nextAttemptAt)
      .where(sql`${t.status} = 'pending'`),
    check('invoices_part_check', sql`${t.part} IN ('tuition', 'other')`),
    check('invoices_total_positive', sql`${t.totalCentavos} > 0`),
    check(
      'invoices_status_check',
      sql.raw(`status IN (${INVOICE_STATUSES.map((s) => `'${s}'`).join(', ')})`),
    ),
    check('invoices_stamped_has_uuid', sql`${t.status} <> 'success' OR ${t.uuid} IS NOT NULL`),
    check(
      'invoices_related_document',
      sql`(${t.document} IN ('credit_note', 'payment')) = (${t.relatedInvoiceId} IS NOT NULL)`,
    ),
    check(
      'invoices_payment_installment',
      sql`(${t.document} = 'payment') = (${t.installment} IS NOT NULL AND ${t.balanceBeforeCentavos} IS NOT NULL)`,
    ),
    check(
      'invoices_carried_payment',
      sql`${t.carriedByInvoiceId} IS NULL OR ${t.document} = 'payment'`,
    ),
    check('invoices_global_state_check', sql`${t.globalState} IN ('held', 'released')`),
    // A PPD invoice has no payment yet; its credit note settles against that balance (17).
    check(
      'invoices_method_known',
      sql`${t.method} IS NOT NULL OR ${t.sourceKind} = 'billing' OR ${t.document} = 'credit_note'`,
    ),
  ],
);

export const CANCELLATION_STATES = [
  'requested',
  'in_process',
  'canceled',
  'rejected',
  'refused',
] as const;
export type CancellationState = (typeof CANCELLATION_STATES)[number];

/**
 * A request to SAT, through the PAC, to cancel a stamped invoice (ADR 0037): `requested`
 * until the PAC takes it, `in_process` while the receptor may still answer, then `canceled`,
 * `rejected` (by the receptor) or `refused` (by SAT: 203–209). At most one open request per
 * invoice, so asking twenty times sends one.
 */
export const invoiceCancellations = pgTable(
  'invoice_cancellations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    invoiceId: uuid('invoice_id')
      .notNull()
      .references(() => invoices.id),
    schoolId: text('school_id').notNull(),
    motive: text('motive').$type<CancellationMotive>().notNull(),
    /** Motive 01: the UUID of the stamped CFDI that replaces this one. */
    substituteUuid: text('substitute_uuid'),
    reason: text('reason'),
    /** Staff member who asked (null when an event asked). */
    requestedBy: text('requested_by'),
    state: text('state').$type<CancellationState>().notNull().default('requested'),
    /** SAT's folio code (201 requested, 202 already…) and its acuse. */
    folioStatus: text('folio_status'),
    acuse: text('acuse'),
    errorCode: text('error_code'),
    errorMessage: text('error_message'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    leaseUntil: timestamp('lease_until', { withTimezone: true }),
    leaseToken: uuid('lease_token'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    settledAt: timestamp('settled_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('invoice_cancellations_open_key')
      .on(t.invoiceId)
      .where(sql`${t.state} IN ('requested', 'in_process')`),
    index('invoice_cancellations_due_idx')
      .on(t.nextAttemptAt)
      .where(sql`${t.state} IN ('requested', 'in_process')`),
    check(
      'invoice_cancellations_state_check',
      sql.raw(`state IN (${CANCELLATION_STATES.map((s) => `'${s}'`).join(', ')})`),
    ),
    check(
      'invoice_cancellations_substitute_only_01',
      sql`(${t.motive} = '01') = (${t.substituteUuid} IS NOT NULL)`,
    ),
  ],
);

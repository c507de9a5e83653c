import { index, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

export { outboxEvents, inboxEvents } from '@cuota/messaging/outbox/outbox-schema';

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
    billingName: text('billing_name'),
    taxId: text('tax_id'),
    taxZipCode: text('tax_zip_code'),
    /** When enrolment said the guardian looked like this (the event's occurred_at). */
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  // GIN: staff look-ups ask "does school_ids overlap my memberships".
  (t) => [index('fiscal_guardians_school_ids_idx').using('gin', t.schoolIds)],
);

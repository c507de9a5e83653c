import { sql, type SQL } from 'drizzle-orm';
import type { InvoicingClose, MonthRange } from '@cuota/contracts/billing/month-close-report';
import type { EducationLevel } from '@cuota/contracts/enrolment/entities';
import type { InvoiceDocument } from '@cuota/contracts/invoicing/invoices';
import type { Executor } from '@cuota/messaging/transaction';
import { invoices, studentDirectory } from '../schema';

const ORDER: InvoiceDocument[] = ['invoice', 'global', 'payment', 'credit_note'];
/** The first instant of a Mexico City calendar day (a date expression). */
const startOf = (day: SQL) => sql`((${day})::timestamp AT TIME ZONE 'America/Mexico_City')`;
/**
 * The school's CFDI stamped in the month's Mexico City days. The days are a range of instants,
 * so invoices_school_stamped_idx (migration 0019) finds them without reading the school's others.
 */
const stampedIn = (m: MonthRange) => sql`
  i.school_id = ${m.school_id} AND i.uuid IS NOT NULL
  AND i.stamped_at >= ${startOf(sql`${m.from}::date`)}
  AND i.stamped_at < ${startOf(sql`${m.to}::date + 1`)}`;

/**
 * By document. A CFDI de pago's riders (ADR 0037) share their carrier's UUID and stamp
 * (migration 0014's trigger copies stamped_at to them): the CFDI counts once, each payment it
 * carries adds its amount.
 */
async function documentsOf(db: Executor, m: MonthRange): Promise<InvoicingClose['documents']> {
  const { rows } = await db.execute<Record<string, string>>(sql`
    SELECT i.document, count(DISTINCT i.uuid) AS issued, sum(i.total_centavos) AS total,
           count(DISTINCT i.uuid) FILTER (WHERE i.status = 'canceled') AS canceled
      FROM ${invoices} i
     WHERE ${stampedIn(m)}
     GROUP BY 1`);
  return rows
    .map((r) => ({
      document: r.document as InvoiceDocument,
      issued: Number(r.issued),
      total_centavos: Number(r.total),
      canceled: Number(r.canceled),
    }))
    .sort((a, b) => ORDER.indexOf(a.document) - ORDER.indexOf(b.document));
}

/**
 * Credit notes by each line's concept and the student's level as invoicing's directory knows
 * it (ADR 0026), as billing's and payments' parts of the close are. A credit note's total is
 * its lines' base and late fee (credit-note-rules' totalOf), so the rows add up to it.
 */
async function creditNotesOf(db: Executor, m: MonthRange): Promise<InvoicingClose['credit_notes']> {
  const { rows } = await db.execute<Record<string, string | null>>(sql`
    SELECT l.line->>'concept_name' AS concept_name, s.level,
           sum(l.amount) AS credited,
           coalesce(sum(l.amount) FILTER (WHERE i.status = 'canceled'), 0) AS canceled
      FROM ${invoices} i
     CROSS JOIN LATERAL (
       SELECT e.line, (e.line->>'base_centavos')::bigint + (e.line->>'late_fee_centavos')::bigint
         FROM jsonb_array_elements(i.lines) AS e(line)
     ) AS l(line, amount)
      LEFT JOIN ${studentDirectory} s ON s.student_id = i.student_id
     WHERE ${stampedIn(m)} AND i.document = 'credit_note'
     GROUP BY 1, 2`);
  return rows.map((r) => ({
    concept_name: r.concept_name!,
    level: r.level as EducationLevel | null,
    credited_centavos: Number(r.credited),
    canceled_centavos: Number(r.canceled),
  }));
}

/** Invoicing's part of the month close (ADR 0076, 0095). */
export async function invoicingClose(db: Executor, m: MonthRange): Promise<InvoicingClose> {
  const [documents, creditNotes] = await Promise.all([documentsOf(db, m), creditNotesOf(db, m)]);
  return { documents, credit_notes: creditNotes };
}

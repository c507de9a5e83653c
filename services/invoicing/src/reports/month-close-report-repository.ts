import { sql } from 'drizzle-orm';
import type { InvoicingClose, MonthRange } from '@cuota/contracts/billing/month-close-report';
import type { InvoiceDocument } from '@cuota/contracts/invoicing/invoices';
import type { Executor } from '@cuota/messaging/transaction';
import { invoices } from '../schema';

const ORDER: InvoiceDocument[] = ['invoice', 'global', 'payment', 'credit_note'];
const dayOf = (at: unknown) => sql`(${at} AT TIME ZONE 'America/Mexico_City')::date`;

/**
 * Invoicing's part of the month close (ADR 0076): the CFDI stamped in the month's Mexico City
 * days, by document. A CFDI de pago's riders (ADR 0037) share their carrier's UUID and stamp:
 * the CFDI counts once, each payment it carries adds its amount.
 */
export async function invoicingClose(db: Executor, m: MonthRange): Promise<InvoicingClose> {
  const { rows } = await db.execute<Record<string, string>>(sql`
    SELECT i.document, count(DISTINCT i.uuid) AS issued, sum(i.total_centavos) AS total,
           count(DISTINCT i.uuid) FILTER (WHERE i.status = 'canceled') AS canceled
      FROM ${invoices} i LEFT JOIN ${invoices} carrier ON carrier.id = i.carried_by_invoice_id
     WHERE i.school_id = ${m.school_id} AND i.uuid IS NOT NULL
       AND ${dayOf(sql`coalesce(carrier.stamped_at, i.stamped_at)`)}
           BETWEEN ${m.from}::date AND ${m.to}::date
     GROUP BY 1`);
  return {
    documents: rows
      .map((r) => ({
        document: r.document as InvoiceDocument,
        issued: Number(r.issued),
        total_centavos: Number(r.total),
        canceled: Number(r.canceled),
      }))
      .sort((a, b) => ORDER.indexOf(a.document) - ORDER.indexOf(b.document)),
  };
}

import { sql, type SQL } from 'drizzle-orm';
import type { InvoicingClose, MonthRange } from '@cuota/contracts/billing/month-close-report';
import type { InvoiceDocument } from '@cuota/contracts/invoicing/invoices';
import type { Executor } from '@cuota/messaging/transaction';
import { invoices } from '../schema';

const ORDER: InvoiceDocument[] = ['invoice', 'global', 'payment', 'credit_note'];
/** The first instant of a Mexico City calendar day (a date expression). */
const startOf = (day: SQL) => sql`((${day})::timestamp AT TIME ZONE 'America/Mexico_City')`;

/**
 * Invoicing's part of the month close (ADR 0076): the CFDI stamped in the month's Mexico City
 * days, by document. A CFDI de pago's riders (ADR 0037) share their carrier's UUID and stamp
 * (migration 0014's trigger copies stamped_at to them): the CFDI counts once, each payment it
 * carries adds its amount. The days are a range of instants, so invoices_school_stamped_idx
 * (migration 0019) finds the month's rows without reading the school's others.
 */
export async function invoicingClose(db: Executor, m: MonthRange): Promise<InvoicingClose> {
  const { rows } = await db.execute<Record<string, string>>(sql`
    SELECT i.document, count(DISTINCT i.uuid) AS issued, sum(i.total_centavos) AS total,
           count(DISTINCT i.uuid) FILTER (WHERE i.status = 'canceled') AS canceled
      FROM ${invoices} i
     WHERE i.school_id = ${m.school_id} AND i.uuid IS NOT NULL
       AND i.stamped_at >= ${startOf(sql`${m.from}::date`)}
       AND i.stamped_at < ${startOf(sql`${m.to}::date + 1`)}
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

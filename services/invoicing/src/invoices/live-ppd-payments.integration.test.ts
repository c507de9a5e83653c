/**
 * What PPD invoices' CFDI de pago paid is read for a whole page in one statement (it was one
 * per PPD row: Facturas' «Por acreditar» and each payment of several PPD invoices), with the
 * rules of ADR 0037: cancelled or cancelling complements pay nothing, a substituted one counts
 * as its substitute, and the highest NumParcialidad still standing is the last. Facturas'
 * page sums the same rows in its own statement (ADR 0125): its «Por acreditar» must be
 * `creditableRoom` of what `creditedByInvoice` and `livePaymentsOnPpds` read.
 */
import { randomUUID } from 'node:crypto';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { runMigrations } from '@cuota/service-runtime/db/database';
import { createTestDatabase, type TestDatabase } from '@cuota/testing/test-database';
import type { Invoice } from '@cuota/contracts/invoicing/invoices';
import { creditedByInvoice } from '../credit-notes/credit-note-repository';
import { creditableRoom } from '../credit-notes/credit-note-rules';
import type { InvoicingDb } from '../invoicing-db';
import { INVOICING_MIGRATIONS } from '../invoicing-service';
import * as schema from '../schema';
import { invoices } from '../schema';
import { invoiceAnswersPage } from './invoice-answer-repository';
import type { InvoiceRow } from './invoice-repository';
import { livePaymentsOnPpds } from './payment-complement-repository';

const SCHOOL = 'school-ppd';
let database: TestDatabase;
let db: InvoicingDb;
/** Every statement the database ran since the last `statements.length = 0`. */
const statements: string[] = [];

beforeAll(async () => {
  database = await createTestDatabase('invoicing_live_ppd');
  db = drizzle(new pg.Pool({ connectionString: database.url, max: 2 }), {
    schema,
    logger: { logQuery: (query) => statements.push(query) },
  }) as unknown as InvoicingDb;
  await runMigrations(db, INVOICING_MIGRATIONS);
});

afterAll(async () => {
  await db?.$client.end();
  await database?.drop();
});

const base = {
  schoolId: SCHOOL,
  part: 'tuition' as const,
  studentId: 'student-1',
  paidAt: new Date('2026-11-02T17:00:00Z'),
  lines: [],
  orderIds: ['order-1'],
  receptorRfc: 'COSC8001137NA',
  receptorName: 'CARLOS ORTEGA SALAZAR',
};

const stamped = () =>
  ({ status: 'success', uuid: randomUUID().toUpperCase(), stampedAt: new Date() }) as const;

/** A stamped PPD invoice (billed, no payment method yet) of `total` centavos. */
async function ppdInvoice(total: number): Promise<InvoiceRow> {
  const [row] = await db
    .insert(invoices)
    .values({
      ...base,
      sourceKind: 'billing',
      sourceId: randomUUID(),
      totalCentavos: total,
      ...stamped(),
    })
    .returning();
  return row!;
}

/** A CFDI de pago of `ppd` paying `paid`, as its `installment`. */
async function complement(
  ppd: InvoiceRow,
  paid: number,
  installment: number,
  more: Partial<typeof invoices.$inferInsert> = {},
): Promise<InvoiceRow> {
  const [row] = await db
    .insert(invoices)
    .values({
      ...base,
      document: 'payment',
      relatedInvoiceId: ppd.id,
      sourceKind: 'payin',
      sourceId: randomUUID(),
      method: 'transfer',
      totalCentavos: paid,
      installment,
      balanceBeforeCentavos: ppd.totalCentavos,
      ...more,
    })
    .returning();
  return row!;
}

/** A staff credit note of `total` on `invoice`. */
async function creditNote(
  invoice: InvoiceRow,
  total: number,
  more: Partial<typeof invoices.$inferInsert> = {},
): Promise<void> {
  await db.insert(invoices).values({
    ...base,
    document: 'credit_note',
    relatedInvoiceId: invoice.id,
    sourceKind: 'staff',
    sourceId: randomUUID(),
    totalCentavos: total,
    ...more,
  });
}

test('a page of PPD invoices: what each still owes, read in one statement whatever their number', async () => {
  const [partly, substituted, refunded, unpaid] = await Promise.all(
    [3_000_00, 3_000_00, 3_000_00, 3_000_00].map(ppdInvoice),
  );
  await complement(partly!, 1_000_00, 1, stamped());
  await complement(partly!, 500_00, 2);
  // Half of a 1,000 payment refunded: the stamped complement is restated for what was kept.
  const old = await complement(substituted!, 1_000_00, 1, stamped());
  await complement(substituted!, 500_00, 1, { replacesInvoiceId: old.id, sourceId: 'r-1' });
  // A payment given back whole: its complement is being cancelled.
  await complement(refunded!, 2_000_00, 1, { ...stamped(), status: 'canceling' });
  await complement(refunded!, 700_00, 2);
  // Credit notes: a live one lowers what is left, a cancelled one gives nothing back.
  await creditNote(unpaid!, 200_00);
  await creditNote(unpaid!, 300_00, { status: 'canceled' });

  const page = [partly!, substituted!, refunded!, unpaid!];
  statements.length = 0;
  const found = await invoiceAnswersPage(db, SCHOOL, { page: 1, pageSize: 50 });
  // Facturas' whole page, «Por acreditar» included: one statement, not one per PPD row.
  expect(statements).toHaveLength(1);
  const listed = new Map(
    found.answers.map(({ json }) => {
      const invoice = JSON.parse(json) as Invoice;
      return [invoice.id, invoice.creditable_centavos];
    }),
  );
  expect(Object.fromEntries(page.map((row, i) => [i, listed.get(row.id)]))).toEqual({
    0: 1_500_00,
    1: 2_500_00,
    2: 2_300_00,
    3: 2_800_00,
  });

  const ids = page.map((row) => row.id);
  const live = await livePaymentsOnPpds(db, ids);
  expect(live.get(partly!.id)).toEqual({ paid: [1_000_00, 500_00], lastNumber: 2 });
  expect(live.get(substituted!.id)).toEqual({ paid: [500_00], lastNumber: 1 });
  // The cancelled number is not the last: the next one follows those still standing.
  expect(live.get(refunded!.id)).toEqual({ paid: [700_00], lastNumber: 2 });
  expect(live.has(unpaid!.id)).toBe(false);
  // The list's room is the credit-note rule's, on the rows the rule's reads find.
  const credited = await creditedByInvoice(db, ids);
  for (const row of page) {
    const paid = (live.get(row.id)?.paid ?? []).reduce((sum, p) => sum + p, 0);
    const rule = creditableRoom(
      { totalCentavos: row.totalCentavos, credited: credited.get(row.id) ?? 0 },
      paid,
    );
    expect(listed.get(row.id)).toBe(rule);
  }
});

/**
 * Facturas' list is written by PostgreSQL (ADR 0125): each row must be what `invoiceView`
 * answers for the same invoice (single-invoice answers still use it), plus the list's related
 * folio and what a credit note may still give back; the whole page in one statement.
 */
import { randomUUID } from 'node:crypto';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { pageSchema } from '@cuota/contracts/common/pagination';
import { invoiceSchema, type Invoice } from '@cuota/contracts/invoicing/invoices';
import { runMigrations } from '@cuota/service-runtime/db/database';
import { createTestDatabase, type TestDatabase } from '@cuota/testing/test-database';
import type { InvoicingDb } from '../invoicing-db';
import { INVOICING_MIGRATIONS } from '../invoicing-service';
import * as schema from '../schema';
import { invoices } from '../schema';
import { invoiceAnswersPage } from './invoice-answer-repository';
import { countInvoices, invoiceById, type InvoiceRow } from './invoice-repository';
import { invoicePageJson, invoiceView } from './invoice-view';

const SCHOOL = 'school-list';
let database: TestDatabase;
let db: InvoicingDb;
/** Every statement the database ran since the last `statements.length = 0`. */
const statements: string[] = [];

beforeAll(async () => {
  database = await createTestDatabase('invoicing_answers');
  // One connection: its pg_prepared_statements are every statement prepared.
  db = drizzle(new pg.Pool({ connectionString: database.url, max: 1 }), {
    schema,
    logger: { logQuery: (query) => statements.push(query) },
  }) as unknown as InvoicingDb;
  await runMigrations(db, INVOICING_MIGRATIONS);
});

afterAll(async () => {
  await db?.$client.end();
  await database?.drop();
});

let folio = 0;
const stamped = (more: Partial<typeof invoices.$inferInsert> = {}) => ({
  status: 'success' as const,
  uuid: randomUUID().toUpperCase(),
  stampedAt: new Date('2026-11-03T18:04:05.678Z'),
  series: 'A',
  folio: String(++folio),
  ...more,
});

/** An invoice of the school; an income invoice of a desk payment unless `more` says else. */
async function invoice(more: Partial<typeof invoices.$inferInsert> = {}): Promise<InvoiceRow> {
  const [row] = await db
    .insert(invoices)
    .values({
      schoolId: SCHOOL,
      part: 'tuition',
      sourceKind: 'payin',
      sourceId: randomUUID(),
      studentId: 'student-1',
      method: 'cash',
      paidAt: new Date('2026-11-02T17:00:00Z'),
      lines: [],
      orderIds: ['order-1', 'order-2'],
      totalCentavos: 1_000_00,
      receptorRfc: 'COSC8001137NA',
      receptorName: 'CARLOS ORTEGA SALAZAR',
      ...more,
    })
    .returning();
  return row!;
}

const note = (related: InvoiceRow, total: number, more: Partial<typeof invoices.$inferInsert>) =>
  invoice({
    document: 'credit_note',
    relatedInvoiceId: related.id,
    sourceKind: 'staff',
    method: null,
    totalCentavos: total,
    ...more,
  });

test('each listed invoice is its invoiceView, its related folio and what is left to credit', async () => {
  const paid = await invoice(stamped());
  const live = await note(paid, 200_00, { creditReason: 'Beca de noviembre' });
  const canceledNote = await note(paid, 300_00, stamped({ status: 'canceled' }));
  const refused = await invoice({
    status: 'failed',
    errorCode: 'CFDI40147',
    errorMessage: 'El código postal del receptor no coincide.',
    errorSource: 'pac',
    receptorNote: 'No hay RFC registrado.',
  });
  const checks = await invoice({ status: 'failed', errorCode: 'X', errorMessage: 'Sin CSD.' });
  const canceled = await invoice(
    stamped({ status: 'canceled', cancellationNote: 'El receptor la rechazó.' }),
  );
  const canceling = await invoice(stamped({ status: 'canceling' }));
  const global = await invoice(
    stamped({
      document: 'global',
      sourceKind: 'global',
      sourceId: `${randomUUID()}:weekly:2026-11-02`,
      studentId: '',
      orderIds: [],
    }),
  );
  const collected = await invoice({ globalState: 'held', globalInvoiceId: global.id });
  const held = await invoice({ globalState: 'held' });
  const ppd = await invoice(
    stamped({ sourceKind: 'billing', method: null, totalCentavos: 3_000_00 }),
  );
  const complement = await invoice({
    ...stamped(),
    document: 'payment',
    relatedInvoiceId: ppd.id,
    totalCentavos: 1_000_00,
    installment: 1,
    balanceBeforeCentavos: 3_000_00,
  });
  const substitute = await invoice({ replacesInvoiceId: canceled.id });
  const pending = await invoice({});
  const all = [
    ...[paid, live, canceledNote, refused, checks, canceled, canceling, global],
    ...[collected, held, ppd, complement, substitute, pending],
  ];
  const extras: Record<string, Pick<Invoice, 'related_folio' | 'creditable_centavos'>> = {
    [paid.id]: { related_folio: null, creditable_centavos: 800_00 },
    [live.id]: { related_folio: `A-${paid.folio}`, creditable_centavos: null },
    [canceledNote.id]: { related_folio: `A-${paid.folio}`, creditable_centavos: null },
    [ppd.id]: { related_folio: null, creditable_centavos: 2_000_00 },
    [complement.id]: { related_folio: `A-${ppd.folio}`, creditable_centavos: null },
  };

  statements.length = 0;
  const found = await invoiceAnswersPage(db, SCHOOL, { page: 1, pageSize: 50 });
  expect(statements).toHaveLength(1);
  const answer = pageSchema(invoiceSchema).parse(
    JSON.parse(invoicePageJson({ page: 1, page_size: 50 }, found.count!, found.answers)),
  );
  expect(answer).toMatchObject({ count: all.length, page: 1, page_size: 50 });
  // Newest first, as the list always was.
  expect(answer.results.map((i) => i.id)).toEqual(all.map((i) => i.id).reverse());
  for (const row of all) {
    const view = invoiceView((await invoiceById(db, row.id))!);
    const extra = extras[row.id] ?? { related_folio: null, creditable_centavos: null };
    expect(answer.results.find((i) => i.id === row.id)).toEqual({ ...view, ...extra });
  }
  // What the view derives, so the comparison above compares something.
  const listed = (id: string) => answer.results.find((i) => i.id === id)!;
  expect(listed(checks.id).error).toEqual({ code: 'X', message: 'Sin CSD.', source: 'checks' });
  expect(listed(collected.id).global_state).toBe('collected');
  expect(listed(held.id).global_state).toBe('held');
  expect(listed(global.id).global_period).toEqual({
    periodicity: 'weekly',
    from: '2026-11-02',
    to: '2026-11-08',
  });
  expect(listed(paid.id).stamped_at).toBe('2026-11-03T18:04:05.678Z');
});

test('filters and pages: one statement per filter shape and window; a page past the end counts apart', async () => {
  const page = (query: { status?: string; search?: string; page?: number; pageSize?: number }) =>
    invoiceAnswersPage(db, SCHOOL, { page: 1, pageSize: 25, ...query });
  const ids = async (query: Parameters<typeof page>[0]) =>
    (await page(query)).answers.map((a) => (JSON.parse(a.json) as Invoice).id);
  const canceled = await ids({ status: 'canceled' });
  expect(canceled.length).toBeGreaterThan(0);
  for (const id of canceled) expect((await invoiceById(db, id))!.status).toBe('canceled');
  const [first] = (await page({ search: 'A-1', pageSize: 1 })).answers;
  // The search reads the folio and the UUID alike: a random UUID may hold «a-1» too.
  const found = JSON.parse(first!.json) as Invoice;
  expect(`A-${found.folio} ${found.uuid}`.toUpperCase()).toContain('A-1');
  const past = await page({ status: 'failed', page: 9 });
  expect(past).toEqual({ count: null, answers: [] });
  expect(await countInvoices(db, SCHOOL, { status: 'failed' })).toBe(2);
  const { rows } = await db.$client.query<{ name: string }>(
    "SELECT name FROM pg_prepared_statements WHERE name LIKE 'invoice%' ORDER BY name",
  );
  // Per shape and page window (page-window.ts): a first page's statement has no offset.
  expect(rows.map((r) => r.name)).toEqual([
    'invoice_answers__first50',
    'invoice_answers_q_first1',
    'invoice_answers_s_first25',
    'invoice_answers_s_next25',
    'invoices_count_s',
  ]);
});

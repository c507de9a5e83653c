import {
  invoicingCloseRequest,
  paymentsCloseRequest,
  type InvoicingClose,
  type MonthClose,
  type MonthRange,
  type PaymentsClose,
} from '@cuota/contracts/billing/month-close-report';
import { payinSucceededV1 } from '@cuota/contracts/events/payments.payin.succeeded.v1';
import { serveReplies } from '@cuota/messaging/request-reply';
import { publishEvent } from '@cuota/testing/publish-event';
import { waitFor } from '@cuota/testing/wait-for';
import {
  GUARDIAN,
  OTHER_SCHOOL,
  SCHOOL,
  family,
  staff,
  startBillingHarness,
  studentId,
  type BillingHarness,
  type Json,
} from '../test-support/billing-harness';
import { EIGHTH_OF_OCTOBER, tuitionOf } from '../test-support/billed-school';

jest.setTimeout(60_000);

let h: BillingHarness;
const asked: MonthRange[] = [];
const [S1, S2] = [1, 2].map(studentId) as [string, string];
const close = (month: string) => `/api/v1/dashboard/schools/${SCHOOL}/month_close/?month=${month}`;
// Payments' and invoicing's answers stand in for those services (their own tests prove them).
const PAYMENTS: PaymentsClose = {
  methods: [
    { method: 'cash', payins: 2, collected_centavos: 985_000, reversals: 0, reversed_centavos: 0 },
  ],
  concepts: [{ concept_name: 'Colegiatura', level: 'elementary', collected_centavos: 985_000 }],
};
const INVOICING: InvoicingClose = {
  documents: [
    { document: 'invoice', issued: 2, total_centavos: 985_000, canceled: 0 },
    { document: 'credit_note', issued: 2, total_centavos: 70_000, canceled: 1 },
  ],
  credit_notes: [
    {
      concept_name: 'Transporte',
      level: 'middle',
      credited_centavos: 20_000,
      canceled_centavos: 0,
    },
    {
      concept_name: 'Colegiatura',
      level: 'elementary',
      credited_centavos: 50_000,
      canceled_centavos: 50_000,
    },
  ],
};

async function pay(student: string, order: Json, paidAt: string, lateFee: number) {
  await publishEvent(h.ns.nc, h.ns, payinSucceededV1, {
    payin_id: `payin-${student}-${order.period}`,
    school_id: SCHOOL,
    type: 'CASH_IN',
    method: 'cash',
    amount_centavos: order.total_centavos + lateFee,
    paid_at: paidAt,
    guardian_id: GUARDIAN,
    allocations: [
      {
        order_id: order.id,
        student_id: student,
        concept_id: order.concept_id,
        concept_name: order.concept_name,
        concept_type: order.concept_type,
        period: order.period,
        base_centavos: order.total_centavos,
        late_fee_centavos: lateFee,
        discount_centavos: 0,
      },
    ],
    credit_created_centavos: 0,
    credit_student_id: null,
  });
}

/** Every order of the school as staff's list shows it (the source the close must equal). */
const schoolOrders = async (): Promise<Json[]> =>
  (await h.call(staff(), `/api/v1/dashboard/orders/?school_id=${SCHOOL}&page_size=100`)).body
    .results;

beforeAll(async () => {
  h = await startBillingHarness({ now: EIGHTH_OF_OCTOBER });
  await h.enrol({}, {}, { level: 'middle' });
  serveReplies(h.ns.nc, h.ns, paymentsCloseRequest, async (r) => (asked.push(r), PAYMENTS));
  serveReplies(h.ns.nc, h.ns, invoicingCloseRequest, async () => INVOICING);
  // Without a level, the Colegiatura is billed to both levels.
  const { level: _level, ...everyLevel } = tuitionOf(SCHOOL);
  const tuition = (await h.call(staff(), '/api/v1/dashboard/concepts/', { json: everyLevel })).body
    .id;
  for (const period of ['2026-09', '2026-10'])
    await h.call(staff(), '/book-keeper/massive_concept_assignments/', {
      json: { school_id: SCHOOL, concept_id: tuition, period },
    });
  const sept = (s: string) =>
    h
      .call(family(), `/api/v1/students/${s}/orders/`)
      .then((r) => r.body.find((o: Json) => o.period === '2026-09'));
  // Student 2 paid September on time; student 1 paid it on 1 October with its late fee.
  await pay(S2, await sept(S2), '2026-09-05T17:00:00Z', 0);
  await pay(S1, await sept(S1), '2026-10-01T17:00:00Z', 15_000);
  await waitFor(async () => (await schoolOrders()).filter((o) => o.status === 'PAID').length === 2);
});
afterAll(() => h?.dispose());

const sum = (rows: Json[], pick: (r: Json) => number) => rows.reduce((s, r) => s + pick(r), 0);

test("billed equals the month's orders, per concept and level", async () => {
  const res = await h.call(staff(), close('2026-09'));
  expect(res.status).toBe(200);
  const report: MonthClose = res.body;
  expect(report).toMatchObject({
    month: '2026-09',
    from: '2026-09-01',
    to: '2026-09-30',
    as_of: '2026-09-30',
  });
  const september = (await schoolOrders()).filter((o) => o.due_on.startsWith('2026-09'));
  const { billed } = report.billing;
  expect(billed.map((r) => [r.concept_name, r.level, r.orders])).toEqual([
    ['Colegiatura', 'elementary', 2],
    ['Colegiatura', 'middle', 1],
  ]);
  expect(sum(billed, (r) => r.total_centavos)).toBe(sum(september, (o) => o.total_centavos));
  expect(sum(billed, (r) => r.amount_centavos)).toBe(sum(september, (o) => o.amount_centavos));
  // Money in September: student 2's, on time, so no late fee.
  expect(report.billing.applied).toEqual([]);
  expect(report.billing.late_fees_collected_centavos).toBe(0);
  // Payments and invoicing were asked for the same month, and their answers are the report's.
  expect(asked.at(-1)).toEqual({ school_id: SCHOOL, from: '2026-09-01', to: '2026-09-30' });
  expect(report.payments).toEqual(PAYMENTS);
  expect(report.invoicing).toEqual({
    ...INVOICING,
    credit_notes: [INVOICING.credit_notes[1], INVOICING.credit_notes[0]], // by concept
  });
});

test('owed at the close counts what was paid by then, not what came after', async () => {
  const orders = await schoolOrders();
  const sept = orders.filter((o) => o.period === '2026-09');
  const oct = orders.filter((o) => o.period === '2026-10');
  const { owed } = ((await h.call(staff(), close('2026-09'))).body as MonthClose).billing;
  // On 30 September students 1 and 3 had not paid September (20 days late); October not due.
  const unpaidOnThe30th = sept.filter((o) => o.student.id !== S2);
  expect(owed['0_30']).toBe(sum(unpaidOnThe30th, (o) => o.total_centavos));
  expect(owed.total).toBe(owed['0_30']);
  expect(owed.not_due).toBe(sum(oct, (o) => o.total_centavos));
});

test("this month closes today: owed equals Adeudos' open orders, before late fees", async () => {
  const report: MonthClose = (await h.call(staff(), close('2026-10'))).body;
  expect(report.as_of).toBe('2026-10-08');
  const orders = await schoolOrders();
  // What an order still owes before late fees (no order here is part paid).
  const pendingBase = (o: Json) =>
    o.status === 'PAID' ? 0 : o.pending_amount - o.late_fee_centavos;
  const overdue = orders.filter((o) => o.due_on < '2026-10-08');
  expect(report.billing.owed.total).toBe(sum(overdue, pendingBase));
  expect(report.billing.owed.not_due).toBe(
    sum(
      orders.filter((o) => o.due_on >= '2026-10-08'),
      pendingBase,
    ),
  );
  // Student 1's late fee (the allocation paid above) was applied in October, on September's
  // Colegiatura of an elementary student: by concept and level, and in all.
  expect(report.billing.applied).toEqual([
    {
      concept_name: 'Colegiatura',
      level: 'elementary',
      late_fee_centavos: 15_000,
      early_payment_discount_centavos: 0,
    },
  ]);
  expect(report.billing.late_fees_collected_centavos).toBe(15_000);
});

/** Every filled cell of the month's workbook. */
async function workbookCells(month: string) {
  const xlsx = await h.call(staff(), close(month).replace('month_close/', 'month_close/excel/'));
  expect(xlsx.status).toBe(200);
  expect(xlsx.headers.get('content-disposition')).toContain(`cierre-${month}.xlsx`);
  const ExcelJS = (await import('exceljs')).default;
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(xlsx.bytes as unknown as ArrayBuffer);
  return book.getWorksheet('Cierre de mes')!.getSheetValues().flat().filter(Boolean);
}

test('the Excel and PDF downloads carry the same month', async () => {
  const cells = await workbookCells('2026-09');
  expect(cells).toContain('Cierre de septiembre de 2026');
  expect(cells).toContain(14_550); // $14,550.00 billed, as a number Excel sums
  const pdf = await h.call(staff(), close('2026-09').replace('month_close/', 'month_close/pdf/'));
  expect(pdf.status).toBe(200);
  expect(pdf.bytes.subarray(0, 5).toString()).toBe('%PDF-');
});

test("the workbook's collections, late fees and credit notes are by concept and level", async () => {
  const rows = (await workbookCells('2026-10')).join('|');
  // Concepto | Nivel | Cobrado: payments' answer, $9,850.00.
  expect(rows).toContain('Colegiatura|Primaria|9850|Saldo a favor y otros sin concepto|Total|9850');
  // Concepto | Nivel | Recargos | Descuentos por pronto pago: $150.00 of October's money.
  expect(rows).toContain('Colegiatura|Primaria|150');
  // Concepto | Nivel | Acreditado | Cancelado desde entonces | Neto: invoicing's credit notes
  // (empty cells, the zeros, are left out of the joined row).
  expect(rows).toContain(
    'Colegiatura|Primaria|500|500|Transporte|Secundaria|200|200|Total|700|500|200',
  );
});

test('reports.read only, the own school only, a Spanish 400 for a bad month', async () => {
  expect((await h.call(staff('OTHER'), close('2026-09'))).status).toBe(403);
  expect((await h.call(staff('CASH_COLLECTION'), close('2026-09'))).status).toBe(403);
  expect((await h.call(family(), close('2026-09'))).status).toBe(403);
  expect((await h.call(staff('OWNER', OTHER_SCHOOL), close('2026-09'))).status).toBe(404);
  const bad = await h.call(staff(), close('2026-13'));
  expect(bad.status).toBe(400);
  expect(JSON.stringify(bad.body)).toMatch(/AAAA-MM/);
});

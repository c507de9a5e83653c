import { randomUUID } from 'node:crypto';
import ExcelJS from 'exceljs';
import type { IdentityClaims } from '@cuota/contracts/identity/identity-claims';
import { collectionsWithin } from '@cuota/contracts/payments/collections-within';
import {
  collectionsSchema,
  graphicsSchema,
  payinStatsSchema,
} from '@cuota/contracts/payments/figures';
import { mexicoCityDate } from '@cuota/service-runtime/time/mexico-city-date';
import type { PaymentsHarness, SchoolFixture } from '../test-support/payments-harness';
import { startPaymentsHarness } from '../test-support/start-harness';

jest.setTimeout(60_000);

let h: PaymentsHarness;
let school: SchoolFixture;
let other: SchoolFixture;
const today = mexicoCityDate(new Date());

/**
 * Today at the school: Ana pays $3,500 by card; the desk takes $3,500 cash from Luis and
 * $1,000 by transfer from Sofía (another family), then $500 cash from Sofía that the
 * cashier voids.
 */
beforeAll(async () => {
  h = await startPaymentsHarness({ label: 'payments_figures' });
  [school, other] = h.schools as [SchoolFixture, SchoolFixture];
  const [ana, luis] = school.families[0]!.studentIds as [string, string];
  const sofia = school.families[1]!.studentIds[0]!;
  const [anaMarch, luisMarch] = await h.bill(school, [ana, luis, sofia], { period: '2026-03' });
  const card = await h.checkout(school, [anaMarch!]);
  await h.waitForStatus(card.body.id, 'success');
  await desk({
    student_id: luis,
    amount_centavos: 350_000,
    method: 'cash',
    order_ids: [luisMarch!.id],
  });
  await desk({ student_id: sofia, amount_centavos: 100_000, method: 'transfer' });
  const voided = await desk({ student_id: sofia, amount_centavos: 50_000, method: 'cash' });
  const undone = await h.call(
    h.staff('CASH_COLLECTION'),
    `/api/v1/dashboard/schools/${school.id}/payins/${voided.id}/void/`,
    { method: 'POST', json: { reason: 'Monto equivocado' } },
  );
  expect(undone.status).toBe(200);
}, 60_000);
afterAll(() => h?.stop());

async function desk(json: object): Promise<{ id: string }> {
  const paid = await h.call(
    h.staff('CASH_COLLECTION'),
    `/api/v1/dashboard/schools/${school.id}/payins/`,
    { method: 'POST', json, headers: { 'idempotency-key': randomUUID() } },
  );
  expect(paid.status).toBe(201);
  return paid.body;
}

const get = (path: string, as: IdentityClaims = h.staff('TREASURER')) => h.call(as, path);
const figures = (kind: 'collections' | 'graphics', query = '', schoolId = school.id) =>
  `/api/v1/dashboard/schools/${schoolId}/${kind}/${query}`;
const stats = (query: string) => `/api/v1/payins/stats/?school_id=${school.id}${query}`;

test('collections: per day and method, what came in, what voids gave back, the net', async () => {
  const res = await get(figures('collections', `?from=${today}&to=${today}`));
  expect(res.status).toBe(200);
  const body = collectionsSchema.parse(res.body);
  expect(body.days).toEqual([
    {
      date: today,
      method: 'cash',
      payins: 2,
      collected_centavos: 400_000,
      reversed_centavos: 50_000,
      net_centavos: 350_000,
    },
    {
      date: today,
      method: 'credit_card',
      payins: 1,
      collected_centavos: 350_000,
      reversed_centavos: 0,
      net_centavos: 350_000,
    },
    {
      date: today,
      method: 'transfer',
      payins: 1,
      collected_centavos: 100_000,
      reversed_centavos: 0,
      net_centavos: 100_000,
    },
  ]);
  expect(body.total).toEqual({
    payins: 4,
    collected_centavos: 850_000,
    reversed_centavos: 50_000,
    net_centavos: 800_000,
  });
  // Without dates: this month so far.
  const month = await get(figures('collections'));
  expect(month.body).toMatchObject({ from: `${today.slice(0, 8)}01`, to: today });
  expect(month.body.total).toEqual(body.total);
});

test('a range inside a read, summed by Inicio from its days, is what reading it answers', async () => {
  const month = collectionsSchema.parse((await get(figures('collections'))).body);
  const day = await get(figures('collections', `?from=${today}&to=${today}`));
  expect(month.days.length).toBeGreaterThan(0);
  expect(collectionsWithin(month, { from: today, to: today })).toEqual(day.body);
});

test("the month's collections equal what the ledger put in the school's cash, bank and gateway", async () => {
  const month = collectionsSchema.parse((await get(figures('collections'))).body);
  const codes = ['cash_desk', 'bank', 'gateway_clearing'].map((a) => `school:${school.id}:${a}`);
  const { rows } = await h.books.$client.query(
    `SELECT coalesce(sum(e.amount_centavos), 0)::bigint AS money
       FROM ledger_entries e
       JOIN ledger_accounts a ON a.id = e.account_id
       JOIN ledger_transactions t ON t.id = e.transaction_id
      WHERE a.code = ANY($1)
        AND (t.occurred_at AT TIME ZONE 'America/Mexico_City')::date BETWEEN $2 AND $3`,
    [codes, month.from, month.to],
  );
  expect(Number(rows[0].money)).toBe(month.total.net_centavos);
  expect(month.total.net_centavos).toBe(800_000);
});

test('graphics: collected per day and method, and by the paid students’ level', async () => {
  const res = await get(figures('graphics', `?from=${today}`), h.staff('ACCOUNTANT'));
  expect(res.status).toBe(200);
  const body = graphicsSchema.parse(res.body);
  expect(body.days.map((d) => [d.method, d.collected_centavos])).toEqual([
    ['cash', 400_000],
    ['credit_card', 350_000],
    ['transfer', 100_000],
  ]);
  expect(body.levels).toEqual([{ level: 'elementary', collected_centavos: 850_000 }]);
});

test('stats: the totals of Pagos’ list with the same filters', async () => {
  const all = payinStatsSchema.parse((await get(stats(`&from=${today}&to=${today}`))).body);
  expect(all).toEqual({
    payins: 4,
    amount_centavos: 850_000,
    paid_payins: 3,
    paid_centavos: 800_000,
    by_method: expect.arrayContaining([
      { method: 'cash', payins: 1, amount_centavos: 350_000 },
      { method: 'credit_card', payins: 1, amount_centavos: 350_000 },
      { method: 'transfer', payins: 1, amount_centavos: 100_000 },
    ]),
  });
  expect((await get(stats('&method=cash'), h.staff('CASH_COLLECTION'))).body).toMatchObject({
    payins: 2,
    amount_centavos: 400_000,
    paid_centavos: 350_000,
  });
  const sofia = school.families[1]!;
  expect((await get(stats(`&student_id=${sofia.studentIds[0]}`))).body).toMatchObject({
    payins: 2,
    amount_centavos: 150_000,
  });
  expect((await get(stats(`&guardian_id=${school.families[0]!.guardianId}`))).body).toMatchObject({
    payins: 2,
    amount_centavos: 700_000,
  });
});

test('the list filters by method and payer, names the students, and exports to Excel', async () => {
  const list = await get(
    `/api/v1/dashboard/schools/${school.id}/payins/?method=transfer&guardian_id=${school.families[1]!.guardianId}`,
  );
  expect(list.body.count).toBe(1);
  expect(list.body.results[0]).toMatchObject({
    method: 'transfer',
    student_names: [expect.stringMatching(/Pérez/)],
  });

  const file = await get(`/api/v1/dashboard/schools/${school.id}/payins/xlsx/?method=cash`);
  expect(file.status).toBe(200);
  expect(file.headers.get('content-disposition')).toContain(`pagos-${today}.xlsx`);
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(file.body);
  const sheet = workbook.getWorksheet('Pagos')!;
  expect(sheet.rowCount).toBe(4);
  expect(sheet.getRow(1).getCell(8).value).toBe('Monto');
  expect(sheet.getRow(1).getCell(9).value).toBe('Devuelto');
  expect(sheet.getRow(4).values).toEqual(expect.arrayContaining(['Total (2 pagos)', 4000]));
});

test('who may see the figures: 403 by role, 404 for another school, Spanish 400 dates', async () => {
  expect((await get(figures('collections'), h.staff('CASH_COLLECTION'))).status).toBe(403);
  expect((await get(figures('graphics'), h.staff('ADMISSIONS'))).status).toBe(403);
  expect((await get(stats(''), h.staff('ADMISSIONS'))).status).toBe(403);
  expect((await get(stats(''), h.guardian(school))).status).toBe(403);
  expect((await get(figures('collections', '', other.id), h.staff('OWNER'))).status).toBe(404);
  expect((await get(`/api/v1/payins/stats/?school_id=${other.id}`, h.staff('OWNER'))).status).toBe(
    404,
  );
  expect(
    (await get(`/api/v1/dashboard/schools/${other.id}/payins/xlsx/`, h.staff('OWNER'))).status,
  ).toBe(404);

  for (const [path, message] of [
    [
      figures('collections', '?from=2026-05-02&to=2026-05-01'),
      'La fecha inicial debe ser igual o anterior a la fecha final.',
    ],
    [figures('graphics', '?from=2026-13-01'), 'Escribe una fecha válida (AAAA-MM-DD).'],
    [
      figures('collections', '?from=2025-01-01&to=2026-05-01'),
      'Elige un periodo de a lo más un año.',
    ],
    [
      stats('&from=2026-05-02&to=2026-05-01'),
      'La fecha inicial debe ser igual o anterior a la fecha final.',
    ],
    [
      `/api/v1/dashboard/schools/${school.id}/payins/?method=cheque`,
      'Elige un método de pago válido.',
    ],
  ] as const) {
    const res = await get(path);
    expect(res.status).toBe(400);
    expect(res.body.error.details[0].message).toBe(message);
  }
  const longAgo = await get(figures('collections', '?from=2024-01-01'));
  expect(longAgo.status).toBe(400);
  expect(longAgo.body.error.message).toBe('Elige un periodo de a lo más un año.');
});

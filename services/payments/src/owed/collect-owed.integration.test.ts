import { randomUUID } from 'node:crypto';
import { familyCreditSchema } from '@cuota/contracts/payments/credit';
import { deskFamilySchema, deskPreviewSchema } from '@cuota/contracts/payments/desk';
import { payinSchema } from '@cuota/contracts/payments/payins';
import { waitFor } from '@cuota/testing/wait-for';
import { balancesOfSchool } from '../ledger/ledger-repository';
import { cardLeftCredit, VOIDABLE_SHIFT_MS } from '../test-support/card-left-credit';
import { ledgerIsRight } from '../test-support/ledger-after-reversal';
import { pdfText } from '../test-support/pdf-text';
import type { PaymentsHarness, SchoolFixture } from '../test-support/payments-harness';
import type { BilledOrder } from '../test-support/real-billing';
import { startPaymentsHarness } from '../test-support/start-harness';

jest.setTimeout(120_000);

/**
 * What a card refund left a family owing (`owed:<student>`, ADR 0036) is collected before
 * any order: by the family's credit when billing bills, and at the desk. One family, one
 * story: Ana's card payment became credit, the credit paid her April and her brother Luis's
 * March, then the card payment was refunded — the family owes $3,500.00.
 */
let h: PaymentsHarness;
let school: SchoolFixture;
let ana: string;
let luis: string;
let luisMarch: BilledOrder;
let luisJune: BilledOrder;
beforeAll(async () => {
  h = await startPaymentsHarness({
    label: 'payments_owed',
    clock: () => Date.now() - VOIDABLE_SHIFT_MS,
    config: { webhookToleranceSeconds: 4 * 3600 },
  });
  school = h.schools[0]!;
  [ana, luis] = school.families[0]!.studentIds as [string, string];
}, 120_000);
afterAll(() => h?.stop());

const owedOf = async (student: string) =>
  (await balancesOfSchool(h.service.db, school.id))[`owed:${student}`] ?? 0;
const deskPath = (student: string) => `/api/v1/dashboard/schools/${school.id}/desk/${student}/`;
const payinPath = (id: string) => `/api/v2/schools/${school.id}/payins/${id}/`;
const pay = (json: object, key: string) =>
  h.call(h.staff('CASH_COLLECTION'), `/api/v1/dashboard/schools/${school.id}/payins/`, {
    method: 'POST',
    json,
    headers: { 'idempotency-key': key },
  });

test('a refund of spent credit leaves the family owing, shown to it and at the desk', async () => {
  const [march, luisMarchOrder] = await h.bill(school, [ana, luis], {
    period: '2026-03',
    dueOn: '2026-03-10',
  });
  luisMarch = luisMarchOrder!;
  const anaCard = await cardLeftCredit(h, school, 0, march!);
  // Ana's $3,500 of credit: $1,000 on her April, $2,500 on Luis's March.
  const [april, luisApril] = await h.bill(school, [ana, luis], {
    period: '2026-04',
    dueOn: '2026-04-10',
    amount: 100_000,
  });
  await h.realBilling.waitForPaid(april!);
  await h.realBilling.waitForPaid(luisMarch, 250_000);
  // Luis's own card payment becomes his credit ($1,000), not yet applied.
  await cardLeftCredit(h, school, 0, luisApril!);

  const refund = await h.call(
    h.staff('TREASURER'),
    `/api/v1/dashboard/schools/${school.id}/refund/`,
    {
      method: 'POST',
      json: { payin_id: anaCard, reason: 'La familia pagó dos veces', confirm_credit_spent: true },
      headers: { 'idempotency-key': randomUUID() },
    },
  );
  expect(refund.status).toBe(201);
  await waitFor(async () => (await owedOf(ana)) === 350_000);

  const mine = familyCreditSchema.parse(
    (await h.call(h.guardian(school), `/api/v1/schools/${school.id}/credit/`)).body,
  );
  expect(mine.refund_owed_centavos).toBe(350_000);
  expect(mine.students.find((s) => s.student_id === ana)).toMatchObject({
    credit_centavos: 0,
    refund_owed_centavos: 350_000,
  });
  const staff = familyCreditSchema.parse(
    (await h.call(h.staff('TREASURER'), `/api/v1/schools/${school.id}/credit/`)).body,
  );
  expect(staff.students.map((s) => [s.student_id, s.refund_owed_centavos])).toEqual(
    expect.arrayContaining([[ana, 350_000]]),
  );
  await ledgerIsRight(h, school, []);
});

test("the family's credit pays what is owed before any order, once", async () => {
  const before = await h.count('credit_applications');
  [, luisJune] = (await h.bill(school, [ana, luis], {
    period: '2026-06',
    dueOn: '2026-06-10',
    amount: 100_000,
  })) as [BilledOrder, BilledOrder];
  // Luis's $1,000 goes to Ana's debt, not to his June.
  await waitFor(async () => (await owedOf(ana)) === 250_000);
  const books = await balancesOfSchool(h.service.db, school.id);
  expect(books[`credit:${luis}`] ?? 0).toBe(0);
  expect(await h.count('credit_applications')).toBe(before + 1);
  expect(
    await h.count('owed_collections', 'student_id = $1 AND credit_application_id IS NOT NULL', [
      ana,
    ]),
  ).toBe(1);
  expect((await h.realBilling.order(school.id, luisJune.id)).paid_centavos).toBe(0);
  await ledgerIsRight(h, school, []);
});

test('the desk shows what is owed and a payment pays it first, once per key', async () => {
  const view = deskFamilySchema.parse(
    (await h.call(h.staff('CASH_COLLECTION'), deskPath(luis))).body,
  );
  expect(view.refund_owed_centavos).toBe(250_000);
  expect(view.students.map((s) => [s.student_id, s.refund_owed_centavos])).toEqual([
    [luis, 0],
    [ana, 250_000],
  ]);
  const preview = deskPreviewSchema.parse(
    (
      await h.call(h.staff('CASH_COLLECTION'), `${deskPath(luis)}preview/`, {
        method: 'POST',
        json: { amount_centavos: 300_000, order_ids: [luisJune.id] },
      })
    ).body,
  );
  expect(preview).toMatchObject({
    owed_centavos: 100_000,
    refund_owed_centavos: 250_000,
    applied_centavos: 50_000,
    excess_centavos: 0,
  });

  const cashBefore = (await balancesOfSchool(h.service.db, school.id)).cash_desk ?? 0;
  const key = randomUUID();
  const json = {
    student_id: luis,
    amount_centavos: 300_000,
    method: 'cash',
    order_ids: [luisJune.id],
  };
  const answers = await Promise.all([pay(json, key), pay(json, key), pay(json, key)]);
  for (const a of answers) expect(a.status).toBe(201);
  expect(new Set(answers.map((a) => a.body.id)).size).toBe(1);
  const payin = answers[0]!.body;
  expect(payin.allocations.map((a: { order_id: string }) => a.order_id)).toEqual([luisJune.id]);
  const books = await balancesOfSchool(h.service.db, school.id);
  expect(books[`owed:${ana}`]).toBe(0);
  expect(books.cash_desk! - cashBefore).toBe(300_000);
  expect(await h.count('owed_collections', 'payin_id = $1', [payin.id])).toBe(1);
  expect(payinSchema.parse(payin).refund_owed_paid_centavos).toBe(250_000);
  const receipt = await h.call(h.staff('CASH_COLLECTION'), `${payinPath(payin.id)}receipt/`);
  expect(receipt.status).toBe(200);
  expect(await pdfText(receipt.body as Buffer)).toContain('Reembolso por recuperar: $2,500.00');
  await h.realBilling.waitForPaid(luisJune, 50_000);
  await ledgerIsRight(h, school, []);

  // Nothing is owed any more: the next payment pays orders only.
  const after = deskFamilySchema.parse(
    (await h.call(h.staff('CASH_COLLECTION'), deskPath(ana))).body,
  );
  expect(after.refund_owed_centavos).toBe(0);

  // A void of that payment owes the debt again, and reopens only what it paid.
  const voided = await h.call(
    h.staff('TREASURER'),
    `/api/v1/dashboard/schools/${school.id}/payins/${payin.id}/void/`,
    { method: 'POST', json: { reason: 'Billete falso, se devolvió' } },
  );
  expect(voided.status).toBe(200);
  expect(await owedOf(ana)).toBe(250_000);
  expect(await h.count('owed_collections', 'amount_centavos = -250000')).toBe(1);
  // The voided payment still shows what it had paid of the debt.
  const read = await h.call(h.staff('TREASURER'), payinPath(payin.id));
  expect(payinSchema.parse(read.body).refund_owed_paid_centavos).toBe(250_000);
  await ledgerIsRight(h, school, [{ order: luisJune, base: luisJune.amount }]);
});

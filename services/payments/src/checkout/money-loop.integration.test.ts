/**
 * The money loop across services: a card payment whose webhook arrives five times (and once
 * more on request) makes one payment, one allocation and — with invoicing running on the
 * same NATS — one stamped CFDI; billing's real service bills the order and marks it paid.
 */
import { guardianCreatedV1 } from '@cuota/contracts/events/enrolment.guardian.created.v1';
import { studentUpdatedV1 } from '@cuota/contracts/events/enrolment.student.updated.v1';
import { guardian, startInvoicingWithPac, student } from '@cuota/invoicing/test-support';
import { waitFor } from '@cuota/testing/wait-for';
import type { PaymentsHarness, SchoolFixture } from '../test-support/payments-harness';
import { publishEvent } from '@cuota/testing/publish-event';
import { startPaymentsHarness } from '../test-support/start-harness';

jest.setTimeout(90_000);

let h: PaymentsHarness;
let school: SchoolFixture;
let invoicing: Awaited<ReturnType<typeof startInvoicingWithPac>>;

beforeAll(async () => {
  h = await startPaymentsHarness({ label: 'money_loop' });
  [school] = h.schools as [SchoolFixture];
  invoicing = await startInvoicingWithPac({
    natsPrefix: h.ns.prefix,
    identity: h.identity,
    schoolId: school.id,
  });
  const family = school.families[0]!;
  const parent = guardian(1, { guardian_id: family.guardianId, school_ids: [school.id] });
  await invoicing.registerTaxpayer(
    parent.tax_id!,
    parent.billing_name!,
    parent.tax_zip_code!,
    parent.tax_regime!,
  );
  await publishEvent(h.ns.nc, h.ns, guardianCreatedV1, parent);
  await publishEvent(
    h.ns.nc,
    h.ns,
    studentUpdatedV1,
    student(1, {
      student_id: family.studentIds[0]!,
      school_id: school.id,
      billing_guardian_id: family.guardianId,
    }),
  );
}, 90_000);

afterAll(async () => {
  await invoicing?.stop();
  await h?.stop();
});

test('one webhook delivered five times, then replayed: one payment, one allocation, one CFDI', async () => {
  const studentId = school.families[0]!.studentIds[0]!;
  const [order] = await h.bill(school, [studentId], { period: '2026-09', amount: 485_000 });
  await fetch(`${h.sandbox.url}/_sandbox/behaviour`, {
    method: 'PUT',
    body: JSON.stringify({ duplicates: 4 }),
  });
  let payinId: string;
  try {
    const res = await h.checkout(school, [order!]);
    expect(res.status).toBe(202);
    payinId = res.body.id;
    await h.waitForStatus(payinId, 'success');
    const deliveries = await waitFor(async () => {
      const log = (await (await fetch(`${h.sandbox.url}/_sandbox/webhooks`)).json()) as {
        ticket_number: string;
        status: number | null;
      }[];
      const answered = log.filter((d) => d.status === 200);
      return answered.length >= 5 ? answered : undefined;
    });
    const replay = await fetch(
      `${h.sandbox.url}/_sandbox/webhooks/${deliveries[0]!.ticket_number}/replay`,
      { method: 'POST' },
    );
    expect(replay.status).toBe(202);
  } finally {
    await fetch(`${h.sandbox.url}/_sandbox/behaviour`, { method: 'PUT', body: '{}' });
  }

  const invoices = async () =>
    (
      await invoicing.invoicing.service.db.$client.query<{ status: string; uuid: string | null }>(
        'SELECT status, uuid FROM invoices WHERE source_id = $1',
        [payinId],
      )
    ).rows;
  const [invoice] = await waitFor(async () => {
    const rows = await invoices();
    return rows.length && rows[0]!.status !== 'pending' ? rows : undefined;
  }, 30_000);
  expect(invoice).toMatchObject({ status: 'success', uuid: expect.any(String) });
  await new Promise((r) => setTimeout(r, 500)); // any late duplicate would show by now
  expect(await invoices()).toHaveLength(1);
  expect(await h.count('payins', "id = $1 AND status = 'success'", [payinId])).toBe(1);
  expect(await h.count('allocations', 'order_id = $1', [order!.id])).toBe(1);
  await waitFor(async () => {
    const billed = await h.realBilling.order(school.id, order!.id);
    return billed.status === 'PAID' && billed.paid_centavos === 485_000;
  });
  await waitFor(async () => (await h.ledgerCheck()).ok);
});

test('at the desk: a partial payment, then an overpayment whose credit pays the next month', async () => {
  const studentId = school.families[1]!.studentIds[0]!;
  // The first test's bill run billed September to every student of the level, this one too.
  const [october] = await h.bill(school, [studentId], { period: '2026-10', amount: 400_000 });
  const [september] = await h.realBilling.billing.query<{ id: string }>(
    `SELECT id FROM orders WHERE student_id = $1 AND period = '2026-09'`,
    [studentId],
  );
  const desk = (amount: number) =>
    h.call(h.staff('CASH_COLLECTION'), `/api/v1/dashboard/schools/${school.id}/payins/`, {
      method: 'POST',
      json: {
        student_id: studentId,
        amount_centavos: amount,
        method: 'cash',
        confirm_excess: true,
      },
      headers: { 'idempotency-key': `caja-${amount}` },
    });
  const seen = (orderId: string, status: string, pending: number) =>
    waitFor(async () => {
      const billed = await h.realBilling.order(school.id, orderId);
      return billed.status === status && billed.pending_amount === pending;
    });

  expect((await desk(150_000)).status).toBe(201); // oldest due first: September
  await seen(september!.id, 'PARTIAL_PAID', 335_000);
  await seen(october!.id, 'NOT_PAID', 400_000);
  expect((await desk(785_000)).status).toBe(201); // 50,000 left over: the student's credit
  await seen(september!.id, 'PAID', 0);
  await seen(october!.id, 'PAID', 0);
  const [november] = await h.bill(school, [studentId], { period: '2026-11', amount: 400_000 });
  await seen(november!.id, 'PARTIAL_PAID', 350_000);
  await waitFor(async () => (await h.ledgerCheck()).ok);
});

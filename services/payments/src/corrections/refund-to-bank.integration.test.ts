import { randomUUID } from 'node:crypto';
import { preferenceSchema } from '@cuota/contracts/payments/preferences';
import { waitFor } from '@cuota/testing/wait-for';
import type { PaymentsHarness, SchoolFixture } from '../test-support/payments-harness';
import { behave } from '../test-support/card-left-credit';
import { payoutKit } from '../test-support/payout-kit';
import { refundKit } from '../test-support/refund-kit';
import { startPaymentsHarness } from '../test-support/start-harness';

jest.setTimeout(120_000);

/**
 * SPEI/cash money given back to a bank account (ADR 0110): the orders reopen and the money is
 * the family's credit at once; the gateway pays it out to the CLABE and its signed
 * `kushki/payout_status` books it (Dr credit / Cr gateway_clearing) once, or declines it and
 * the credit stays. Real PostgreSQL, NATS, billing and the gateway sandbox.
 */
let h: PaymentsHarness;
let school: SchoolFixture;
let kit: ReturnType<typeof payoutKit>;
beforeAll(async () => {
  h = await startPaymentsHarness({ label: 'payments_refund_bank' });
  school = h.schools[0]!;
  kit = payoutKit(h, school);
}, 90_000);
afterAll(() => h?.stop());

const CLABE = '012180000000000015'; // BBVA México
const DECLINED_CLABE = '002180000000000009'; // the sandbox's bank declines it

/** A family's SPEI transfer for one new order, paid at the sandbox and settled. */
async function paidTransfer(family: number, period: string) {
  const [order] = await h.bill(school, [school.families[family]!.studentIds[0]!], { period });
  const created = await h.call(h.guardian(school, family), '/api/v1/kushki_checkout/preferences/', {
    method: 'POST',
    json: { school_id: school.id, method: 'transfer', order_ids: [order!.id] },
    headers: { 'idempotency-key': randomUUID() },
  });
  const spei = preferenceSchema.parse(created.body).instructions!;
  const { rows } = await h.service.db.$client.query(
    'SELECT ticket_number FROM payins WHERE id = $1',
    [spei.payin_id],
  );
  const paid = await fetch(`${h.sandbox.url}/_sandbox/payins/${rows[0].ticket_number}/pay`, {
    method: 'POST',
  });
  expect(paid.status).toBe(200);
  await h.waitForStatus(spei.payin_id, 'success');
  await h.realBilling.waitForPaid(order!);
  return { order: order!, payinId: spei.payin_id, amount: spei.amount_centavos };
}

const { refundAs, creditOf } = {
  refundAs: (...args: Parameters<ReturnType<typeof refundKit>['refundAs']>) =>
    refundKit(h, school).refundAs(...args),
  creditOf: (studentId: string) => refundKit(h, school).creditOf(studentId),
};

const payoutOf = async (reversalId: string) =>
  (await h.service.db.$client.query('SELECT * FROM payin_reversals WHERE id = $1', [reversalId]))
    .rows[0] as { payout_status: string; error_message: string | null };

const ledgerIsRight = () =>
  waitFor(async () => {
    const report = await h.ledgerCheck();
    expect(report.mismatches).toEqual([]);
    return report.ok && report.balanced;
  });

/** The outbox events of a type about one reversal: what payments announced. */
const outboxData = async (type: string, reversalId: string) =>
  (
    await h.books.$client.query(
      "SELECT payload->'data' AS data FROM outbox_events WHERE type = $1 AND payload->'data'->>'reversal_id' = $2",
      [type, reversalId],
    )
  ).rows.map((r: { data: unknown }) => r.data);

const replayFiveTimes = async (ticketNumber: string) => {
  for (let i = 0; i < 5; i++) {
    const res = await fetch(`${h.sandbox.url}/_sandbox/webhooks/${ticketNumber}/replay`, {
      method: 'POST',
    });
    expect(res.status).toBe(202);
  }
  await waitFor(async () => {
    const res = await fetch(`${h.sandbox.url}/_sandbox/webhooks?ticketNumber=${ticketNumber}`);
    const log = (await res.json()) as Array<{ kind: string; status: number | null }>;
    return log.filter((d) => d.kind === 'replay' && d.status === 200).length === 5;
  });
};

test('20 concurrent bank refunds: one reversal, one payout; its webhook 5 times books it once', async () => {
  const { order, payinId, amount } = await paidTransfer(1, '2027-05');
  const student = school.families[1]!.studentIds[0]!;
  const creditBefore = await creditOf(student);
  const kept = async () =>
    (
      await h.call(
        h.staff('TREASURER', school),
        `/api/v1/payins/stats/?school_id=${school.id}&student_id=${student}&method=transfer`,
      )
    ).body as { payins: number; paid_payins: number; paid_centavos: number };
  const keptBefore = await kept();
  const body = {
    payin_id: payinId,
    reason: 'La familia pagó de más',
    to: 'bank_account',
    clabe: '0121 8000 0000 0000 15',
    holder_name: 'Lucía Hernández',
  };
  // Spanish errors per field; a cashier may not give money back.
  const bad = await refundAs(h.staff('TREASURER', school), {
    ...body,
    clabe: '012180000000000016',
    holder_name: undefined,
  });
  expect(bad.status).toBe(400);
  expect(bad.body.error.details).toEqual([
    {
      path: 'clabe',
      message: 'La CLABE no es válida: el último dígito no corresponde a los anteriores. Revísala.',
    },
    { path: 'holder_name', message: 'Escribe el titular de la cuenta.' },
  ]);
  expect((await refundAs(h.staff('CASH_COLLECTION', school), body)).status).toBe(403);

  const answers = await Promise.all(
    Array.from({ length: 20 }, () => refundAs(h.staff('TREASURER', school), body)),
  );
  const made = answers.filter((a) => a.status === 201);
  expect(made).toHaveLength(1);
  expect(answers.filter((a) => a.status === 409)).toHaveLength(19);
  expect(answers.find((a) => a.status === 409)!.body.error.message).toBe(
    'Lo que este pago abonó a cargos ya es saldo a favor.',
  );
  const reversal = made[0]!.body;
  expect(reversal).toMatchObject({
    kind: 'refund',
    status: 'applied',
    amount_centavos: amount,
    payout: { clabe: CLABE, bank_name: 'BBVA México', holder_name: 'Lucía Hernández' },
  });
  expect(await h.count('payin_reversals', 'payin_id = $1', [payinId])).toBe(1);
  await h.realBilling.waitForStatus(order, 'NOT_PAID');

  await waitFor(async () => (await payoutOf(reversal.id)).payout_status === 'applied');
  const sent = await kit.gatewayPayouts(reversal.id, 'reversal');
  expect(sent).toHaveLength(1);
  const key = `reversal-payout:${reversal.id}`;
  expect(await kit.postedLines(key)).toEqual({
    [`credit:${student}`]: amount,
    gateway_clearing: -amount,
  });
  expect(await creditOf(student)).toBe(creditBefore);

  await replayFiveTimes(sent[0]!.ticketNumber);
  expect(await h.count('ledger_transactions', 'idempotency_key = $1', [key])).toBe(1);
  expect(
    await h.count('gateway_notifications', 'ticket_number = $1', [sent[0]!.ticketNumber]),
  ).toBe(1);
  expect(await kit.gatewayPayouts(reversal.id, 'reversal')).toHaveLength(1);
  // The transfer did arrive (ADR 0120): it stays received and says all of it went back, once.
  const payin = await h.call(
    h.staff('TREASURER', school),
    `/api/v2/schools/${school.id}/payins/${payinId}/`,
  );
  expect(payin.body).toMatchObject({ status: 'success', returned_centavos: amount });
  // Pagos' «Cobrado» is what the school keeps: this payin no longer counts in it.
  expect(await kept()).toEqual(
    expect.objectContaining({
      payins: keptBefore.payins,
      paid_payins: keptBefore.paid_payins - 1,
      paid_centavos: keptBefore.paid_centavos - amount,
    }),
  );
  // Invoicing hears of it once (its credit note is keyed by this reversal), not on the payout.
  const { rows } = await h.books.$client.query(
    "SELECT count(*)::int AS n FROM outbox_events WHERE type = 'payments.payin.reversed' AND payload->'data'->>'reversal_id' = $1",
    [reversal.id],
  );
  expect(rows[0].n).toBe(1);
  await ledgerIsRight();
});

test('a declined payout books nothing: the money stays the family’s credit', async () => {
  const { order, payinId, amount } = await paidTransfer(0, '2027-06');
  const student = school.families[0]!.studentIds[0]!;
  const creditBefore = await creditOf(student);
  const key = randomUUID();
  const body = {
    payin_id: payinId,
    amount_centavos: amount - 100_000,
    reason: 'Devolución parcial a la familia',
    to: 'bank_account',
    clabe: DECLINED_CLABE,
    holder_name: 'Mario Pérez',
  };
  const made = await refundAs(h.staff('TREASURER', school), body, key);
  expect(made.status).toBe(201);
  await waitFor(async () => (await payoutOf(made.body.id)).payout_status === 'declined');
  const declined = await refundAs(h.staff('TREASURER', school), body, key);
  expect(declined.status).toBe(201);
  expect(declined.body).toMatchObject({
    status: 'applied',
    payout: { status: 'declined', bank_name: 'Banamex' },
    error_message:
      'Cuenta destino rechazada por el banco. La pasarela no pudo enviar el dinero a la cuenta: queda como saldo a favor.',
  });
  const [sent] = await kit.gatewayPayouts(made.body.id, 'reversal');
  await replayFiveTimes(sent!.ticketNumber);
  expect(
    await h.count('ledger_transactions', 'idempotency_key = $1', [
      `reversal-payout:${made.body.id}`,
    ]),
  ).toBe(0);
  // Operations hear of it once, whatever the replays (notifications posts one alert per event).
  expect(await outboxData('payments.bank_refund.declined', made.body.id)).toEqual([
    {
      reversal_id: made.body.id,
      payin_id: payinId,
      school_id: school.id,
      amount_centavos: amount - 100_000,
      holder_name: 'Mario Pérez',
      bank_name: 'Banamex',
      reason: declined.body.error_message,
    },
  ]);
  expect(await creditOf(student)).toBe(creditBefore + amount - 100_000);
  // The payment's detail tells staff where the money went after a reload; the family's not.
  const detail = `/api/v2/schools/${school.id}/payins/${payinId}/`;
  const seen = await h.call(h.staff('TREASURER', school), detail);
  expect(seen.body.returned_centavos).toBe(0); // declined: nothing left the school
  expect(seen.body.reversals).toEqual([
    expect.objectContaining({
      id: made.body.id,
      amount_centavos: amount - 100_000,
      reason: 'Devolución parcial a la familia',
      payout: expect.objectContaining({ status: 'declined', holder_name: 'Mario Pérez' }),
    }),
  ]);
  expect((await h.call(h.guardian(school, 0), detail)).body.reversals).toBeUndefined();
  await h.realBilling.waitForStatus(order, 'PARTIAL_PAID');
  await ledgerIsRight();
});

test('credit spent before the payout is approved (×3): posted once, the row says what is owed', async () => {
  const { order, payinId, amount } = await paidTransfer(1, '2027-07');
  const student = school.families[1]!.studentIds[0]!;
  const creditBefore = await creditOf(student);
  await behave(h, { hold: true });
  try {
    const made = await refundAs(h.staff('TREASURER', school), {
      payin_id: payinId,
      reason: 'Cambio de escuela',
      to: 'bank_account',
      clabe: CLABE,
      holder_name: 'Lucía Hernández',
    });
    expect(made.status).toBe(201);
    expect(await creditOf(student)).toBe(creditBefore + amount);
    // Meanwhile the next bill run spends the credit on the reopened order.
    await h.bill(school, [student], { period: '2027-08', amount: 100_000 });
    await waitFor(async () => (await creditOf(student)) < creditBefore + amount);
    const spent = creditBefore + amount - (await creditOf(student));
    await behave(h, { duplicates: 2 });
    await waitFor(async () => (await payoutOf(made.body.id)).payout_status === 'applied');
    const [sent] = await kit.gatewayPayouts(made.body.id, 'reversal');
    await waitFor(async () => {
      const res = await fetch(
        `${h.sandbox.url}/_sandbox/webhooks?ticketNumber=${sent!.ticketNumber}`,
      );
      const log = (await res.json()) as Array<{ status: number | null }>;
      return log.filter((d) => d.status === 200).length === 3;
    });

    const key = `reversal-payout:${made.body.id}`;
    expect(await h.count('ledger_transactions', 'idempotency_key = $1', [key])).toBe(1);
    expect((await kit.postedLines(key))[`owed:${student}`]).toBe(spent);
    const detail = await h.call(
      h.staff('TREASURER', school),
      `/api/v2/schools/${school.id}/payins/${payinId}/`,
    );
    expect(detail.body.reversals).toEqual([
      expect.objectContaining({
        id: made.body.id,
        credit_owed_centavos: spent,
        payout: expect.objectContaining({ status: 'applied' }),
        // What it took off the order: the detail shows that order as reversed.
        orders: [{ order_id: order.id, base_centavos: amount, late_fee_centavos: 0 }],
      }),
    ]);
  } finally {
    await behave(h, {});
  }
  await ledgerIsRight();
});

/**
 * The notice queue settles a batch of sales in one transaction, reading its payins, students
 * and orders once (ADR 0112): a batch that holds two charges for one order, a second notice
 * for a payin, and a notice for a payin settled before still settles each payin once, pays
 * the order once (the later charge becomes the family's credit) and balances the ledger.
 */
import { waitFor } from '@cuota/testing/wait-for';
import { recordNotification } from '../gateway/gateway-notification-repository';
import type { PaymentsHarness, SchoolFixture } from '../test-support/payments-harness';
import { startPaymentsHarness } from '../test-support/start-harness';
import { settleQueuedSales } from './notice-queue';

jest.setTimeout(60_000);

let h: PaymentsHarness;
let school: SchoolFixture;

beforeAll(async () => {
  h = await startPaymentsHarness({ label: 'notice_batch' });
  [school] = h.schools as [SchoolFixture];
}, 60_000);

afterAll(async () => {
  await h?.stop();
});

const behaviour = (json: object) =>
  fetch(`${h.sandbox.url}/_sandbox/behaviour`, { method: 'PUT', body: JSON.stringify(json) });

interface Charged {
  id: string;
  ticket: string;
  amount: number;
  merchant: string;
}

/** A checkout whose webhook the sandbox holds: the payin pending, its charge's ticket known. */
async function chargedAndHeld(order: Parameters<PaymentsHarness['checkout']>[1][number]) {
  const res = await h.checkout(school, [order]);
  expect(res.status).toBe(202);
  const { rows } = await h.books.$client.query<Charged>(
    `SELECT id, ticket_number AS ticket, amount_centavos::int AS amount,
            public_merchant_id AS merchant FROM payins WHERE id = $1`,
    [res.body.id],
  );
  return rows[0]!;
}

/** The gateway's approved sale of `p` under `ticket`, recorded and queued (not settled). */
function queued(p: Charged, ticket = p.ticket) {
  return recordNotification(h.deps.db, {
    publicMerchantId: p.merchant,
    ticketNumber: ticket,
    transactionType: 'SALE',
    transactionStatus: 'APPROVAL',
    payinId: p.id,
    pendingSale: {
      ticketNumber: ticket,
      transactionReference: null,
      status: 'APPROVAL',
      amountCentavos: p.amount,
      brand: 'VISA',
      last4: '1111',
      paymentId: p.id,
      orderId: null,
      responseText: null,
    },
  });
}

test('a batch with two charges for one order, a repeated notice and a settled payin settles each once', async () => {
  const [first, second] = school.families[0]!.studentIds as [string, string];
  const [orderA] = await h.bill(school, [first], { period: '2026-05' });
  const [orderB] = await h.bill(school, [second], { period: '2026-05' });
  await waitFor(async () => (await h.ledgerCheck()).ok, 20_000);
  await behaviour({ hold: true });
  try {
    const paysA = await chargedAndHeld(orderA!);
    const paysAAgain = await chargedAndHeld(orderA!);
    const paysB = await chargedAndHeld(orderB!);
    await queued(paysB);
    await settleQueuedSales(h.deps);
    await h.waitForStatus(paysB.id, 'success');

    await queued(paysA);
    await queued(paysAAgain);
    await queued(paysA, `${paysA.ticket}-otra`);
    await queued(paysB, `${paysB.ticket}-otra`);
    await settleQueuedSales(h.deps);

    for (const p of [paysA, paysAAgain, paysB]) {
      expect(await h.count('payins', "id = $1 AND status = 'success'", [p.id])).toBe(1);
      expect(
        await h.count('ledger_transactions', 'idempotency_key = $1', [`payin:${p.id}:settled`]),
      ).toBe(1);
      expect(
        await h.count(
          'outbox_events',
          "type = 'payments.payin.succeeded' AND payload->'data'->>'payin_id' = $1",
          [p.id],
        ),
      ).toBe(1);
    }
    // The order is paid once; the second charge for it is the family's credit, whole.
    expect(await h.count('allocations', 'order_id = $1', [orderA!.id])).toBe(1);
    expect(await h.count('allocations', 'payin_id = $1', [paysA.id])).toBe(1);
    const { rows } = await h.books.$client.query(
      'SELECT credit_created_centavos::int AS credit FROM payins WHERE id = $1',
      [paysAAgain.id],
    );
    expect(rows[0].credit).toBe(paysAAgain.amount);
    expect(await h.count('gateway_notifications', 'pending_sale IS NOT NULL')).toBe(0);
    await waitFor(async () => {
      const report = await h.ledgerCheck();
      expect(report.mismatches).toEqual([]);
      return report.ok;
    }, 20_000);
  } finally {
    await behaviour({});
  }
});

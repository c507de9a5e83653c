import { waitFor } from '@cuota/testing/wait-for';
import type { PaymentsHarness, SchoolFixture } from '../test-support/payments-harness';
import { startPaymentsHarness } from '../test-support/start-harness';
import type { KushkiGateway } from './kushki-gateway';

/**
 * The adapter against the gateway sandbox (which its own tests hold to Kushki's published
 * examples): voids and refunds as Kushki takes them, the transactions list, and their
 * webhooks through payments' receiver, recorded once however often they come.
 */
jest.setTimeout(60_000);

let h: PaymentsHarness;
let gateway: KushkiGateway;
const school = (): SchoolFixture => h.schools[0]!;
beforeAll(async () => {
  h = await startPaymentsHarness({ label: 'payments_kushki_contract' });
  gateway = h.deps.gateways.gatewayFor({
    ...school(),
    schoolId: school().id,
    environment: 'sandbox',
  });
}, 60_000);
afterAll(() => h?.stop());

/** A paid card payin: its ticket number at the gateway. */
async function paidTicket(period: string): Promise<{ ticket: string; payinId: string }> {
  const [order] = await h.bill(school(), [school().families[0]!.studentIds[0]!], { period });
  const res = await h.checkout(school(), [order!]);
  await h.waitForStatus(res.body.id, 'success');
  const { rows } = await h.service.db.$client.query(
    'SELECT ticket_number FROM payins WHERE id = $1',
    [res.body.id],
  );
  return { ticket: rows[0].ticket_number as string, payinId: res.body.id as string };
}

/** What payments recorded of the gateway's notifications about these tickets. */
const recorded = (tickets: string[]) =>
  h.service.db.$client
    .query(
      `SELECT ticket_number, transaction_type, transaction_status, payin_id
         FROM gateway_notifications WHERE ticket_number = ANY($1) ORDER BY id`,
      [tickets],
    )
    .then((r) => r.rows);

// Noon and five past in Mexico City: within the adapter's void window whatever the hour now.
const SOLD_AT = new Date('2026-09-01T18:00:00Z');
const VOIDED_AT = new Date('2026-09-01T18:05:00Z');

test('a same-day void is taken, settles by webhook, and shows in the transactions list', async () => {
  const { ticket, payinId } = await paidTicket('2024-01');
  const voided = await gateway.voidSale(ticket, SOLD_AT, VOIDED_AT);
  if (voided.kind !== 'started') throw new Error(JSON.stringify(voided));
  const rows = await waitFor(async () => {
    const found = await recorded([voided.ticketNumber]);
    return found.length ? found : null;
  });
  expect(rows).toEqual([
    {
      ticket_number: voided.ticketNumber,
      transaction_type: expect.stringMatching(/^(VOID|REFUND)$/),
      transaction_status: 'APPROVAL',
      payin_id: payinId,
    },
  ]);
  const window = await gateway.transactionsBetween(new Date(Date.now() - 600_000), new Date());
  expect(window.sales.find((s) => s.ticketNumber === ticket)).toMatchObject({
    status: 'APPROVAL',
    paymentId: payinId,
  });
  expect(window.reversals.find((r) => r.ticketNumber === voided.ticketNumber)).toMatchObject({
    saleTicketNumber: ticket,
    status: 'APPROVAL',
  });
  // Once reversed, the sale takes no second cancellation.
  expect(await gateway.voidSale(ticket, SOLD_AT, VOIDED_AT)).toMatchObject({
    kind: 'refused',
    code: 'K041',
  });
});

test('partial refunds are asynchronous, once per Idempotency-Key, each recorded once', async () => {
  const { ticket } = await paidTicket('2024-02');
  const first = await gateway.refund({
    ticketNumber: ticket,
    amountCentavos: 1_000,
    idempotencyKey: `devolucion-${ticket}-1`,
  });
  const repeated = await gateway.refund({
    ticketNumber: ticket,
    amountCentavos: 1_000,
    idempotencyKey: `devolucion-${ticket}-1`,
  });
  expect(repeated).toEqual(first);
  const second = await gateway.refund({
    ticketNumber: ticket,
    amountCentavos: 500,
    idempotencyKey: `devolucion-${ticket}-2`,
  });
  if (first.kind !== 'started' || second.kind !== 'started') throw new Error('refused');
  const tickets = [first.ticketNumber, second.ticketNumber];
  await waitFor(async () => (await recorded(tickets)).length === 2);
  // Kushki may deliver again: the same webhook replayed records nothing more.
  await fetch(`${h.sandbox.url}/_sandbox/webhooks/${ticket}/replay`, { method: 'POST' });
  await new Promise((r) => setTimeout(r, 500));
  expect((await recorded(tickets)).map((r) => [r.transaction_type, r.transaction_status])).toEqual([
    ['REFUND', 'APPROVAL'],
    ['REFUND', 'APPROVAL'],
  ]);
  const tooMuch = await gateway.refund({
    ticketNumber: ticket,
    amountCentavos: 10_000_000,
    idempotencyKey: `devolucion-${ticket}-3`,
  });
  expect(tooMuch).toMatchObject({ kind: 'refused', code: 'K023' });
});

import { createHmac } from 'node:crypto';
import { scheduledPayoutSchema, payoutDetailSchema } from '@cuota/contracts/payments/payouts';
import { mexicoCityDate } from '@cuota/service-runtime/time/mexico-city-date';
import type { PaymentsHarness, SchoolFixture } from '../test-support/payments-harness';
import { PAYOUT_WEBHOOK_PATH } from '../test-support/payments-harness';
import { PAYOUTS, payoutKit } from '../test-support/payout-kit';
import { startPaymentsHarness } from '../test-support/start-harness';
import { waitFor } from '@cuota/testing/wait-for';
import { GATEWAY_SILENT } from './execute-payout';
import { feeOfSale } from './payout-fees';
import { nextBusinessDay } from './payout-rules';

jest.setTimeout(90_000);

let h: PaymentsHarness;
let school: SchoolFixture;
let other: SchoolFixture;
let accountId: string;
let declinedAccountId: string;
let kit: ReturnType<typeof payoutKit>;
beforeAll(async () => {
  h = await startPaymentsHarness({ label: 'payments_payout_exec' });
  [school, other] = h.schools as [SchoolFixture, SchoolFixture];
  kit = payoutKit(h, school);
  accountId = (await kit.addAccount('012180000000000015')).id;
  // The sandbox's bank declines payouts to this CLABE (infra/sandboxes/gateway/README.md).
  declinedAccountId = (await kit.addAccount('002180000000000009')).id;
}, 120_000);
afterAll(() => h?.stop());

const treasurer = () => h.staff('TREASURER');
const cardDay = (daysAgo: number, amounts: number[]) => kit.cardDay(daysAgo, amounts);
const schedule = (...args: Parameters<typeof kit.schedule>) => kit.schedule(...args);
const execute = (...args: Parameters<typeof kit.execute>) => kit.execute(...args);
const statusOf = (id: string) => kit.statusOf(id);
const gatewayPayouts = (id: string) => kit.gatewayPayouts(id);
const declinedEvents = async (id: string) =>
  (
    await h.books.$client.query(
      "SELECT payload FROM outbox_events WHERE type = 'payments.payout.declined' AND payload->'data'->>'payout_id' = $1",
      [id],
    )
  ).rows.map((r: { payload: { data: unknown } }) => r.payload.data);

test('a closed day is scheduled once, executed once by 20 at a time, approved and posted once', async () => {
  const { day, ids } = await cardDay(2, [350_000, 120_000]);
  const fee = feeOfSale(350_000) + feeOfSale(120_000);
  const first = await schedule(day);
  expect(first.status).toBe(201);
  expect(scheduledPayoutSchema.parse(first.body)).toMatchObject({
    collected_on: day,
    scheduled_on: nextBusinessDay(day),
    status: 'SCHEDULED',
    payins: 2,
    collected_centavos: 470_000,
    reversed_centavos: 0,
    fee_centavos: fee,
    net_centavos: 470_000 - fee,
    bank_account: { id: accountId, clabe: '012180000000000015' },
  });
  const payoutId = first.body.id as string;
  // Asked again (a retry, a second operator): the same payout.
  expect((await schedule(day)).body.id).toBe(payoutId);

  const detail = await h.call(h.staff('ACCOUNTANT'), `${PAYOUTS}${payoutId}/`);
  expect(detail.status).toBe(200);
  const report = payoutDetailSchema.parse(detail.body);
  expect(report.payments.map((p) => p.payin_id).sort()).toEqual([...ids].sort());

  const answers = await Promise.all(Array.from({ length: 20 }, () => execute(payoutId)));
  expect(answers.map((a) => a.status)).toEqual(Array(20).fill(200));
  expect(answers.every((a) => ['PROCESSING', 'APPROVED'].includes(a.body.status))).toBe(true);
  expect(await gatewayPayouts(payoutId)).toHaveLength(1);

  await waitFor(async () => (await statusOf(payoutId)).status === 'APPROVED');
  const approved = await statusOf(payoutId);
  const lines = await kit.postedLines(`payout:${payoutId}`);
  expect(lines).toEqual({ bank: 470_000 - fee, gateway_fees: fee, gateway_clearing: -470_000 });

  // The webhook replayed five times: one status change, one posting, one recorded notice.
  const { ticketNumber } = (await gatewayPayouts(payoutId))[0]!;
  for (let i = 0; i < 5; i++)
    expect(
      (await fetch(`${h.sandbox.url}/_sandbox/webhooks/${ticketNumber}/replay`, { method: 'POST' }))
        .status,
    ).toBe(202);
  await waitFor(async () => {
    const res = await fetch(`${h.sandbox.url}/_sandbox/webhooks?ticketNumber=${ticketNumber}`);
    const log = (await res.json()) as Array<{ kind: string; status: number | null }>;
    return log.filter((d) => d.kind === 'replay' && d.status === 200).length === 5;
  });
  expect((await statusOf(payoutId)).updated_at).toEqual(approved.updated_at);
  expect(await h.count('ledger_transactions', 'idempotency_key = $1', [`payout:${payoutId}`])).toBe(
    1,
  );
  expect(await h.count('gateway_notifications', 'ticket_number = $1', [ticketNumber])).toBe(1);
  // Executing an approved payout again calls nothing.
  expect((await execute(payoutId)).body.status).toBe('APPROVED');
  expect(await gatewayPayouts(payoutId)).toHaveLength(1);
  // Its account cannot change any more.
  const change = await h.call(treasurer(), `${PAYOUTS}${payoutId}/change-bank-account/`, {
    method: 'PUT',
    json: { bank_account_id: declinedAccountId },
  });
  expect(change.status).toBe(409);
  expect(change.body.error.message).toBe(
    'La dispersión ya se envió; ya no se puede cambiar su cuenta.',
  );
  // The dashboard's day-by-day list shows the day as its payout is.
  const days = await h.call(
    h.staff('ACCOUNTANT'),
    `/api/v1/dashboard/schools/${school.id}/payouts/?from=${day}&to=${day}`,
  );
  expect(days.body.results).toEqual([
    expect.objectContaining({
      payout_id: payoutId,
      status: 'APPROVED',
      collected_centavos: 470_000,
    }),
  ]);
  expect((await h.ledgerCheck()).ok).toBe(true);
});

test('a declined payout keeps its reason, takes another account and goes again; forged notices are 401', async () => {
  const { day } = await cardDay(3, [200_000]);
  const payout = await schedule(day, treasurer(), { bank_account_id: declinedAccountId });
  expect(payout.status).toBe(201);
  const id = payout.body.id as string;
  expect((await execute(id)).status).toBe(200);
  await waitFor(async () => (await statusOf(id)).status === 'DECLINED');
  const declined = await h.call(treasurer(), `${PAYOUTS}${id}/`);
  expect(declined.body.status_reason).toBe('Cuenta destino rechazada por el banco.');
  expect(await h.count('ledger_transactions', 'idempotency_key = $1', [`payout:${id}`])).toBe(0);
  // Announced once, in the commit that declined it (ADR 0103): operations hear of it in Slack.
  expect(await declinedEvents(id)).toEqual([
    {
      payout_id: id,
      school_id: school.id,
      collected_on: day,
      net_centavos: expect.any(Number),
      reason: 'Cuenta destino rechazada por el banco.',
    },
  ]);

  // A notice that it was approved, signed with another secret: refused, nothing changes.
  const { ticketNumber } = (await gatewayPayouts(id))[0]!;
  const raw = JSON.stringify({
    ticketNumber: `${ticketNumber}9`,
    transactionType: 'PAYOUT',
    transactionStatus: 'APPROVAL',
    merchantId: school.merchantId,
    metadata: { payout_id: id },
  });
  const now = String(Date.now());
  const forged = await fetch(`${h.service.url}${PAYOUT_WEBHOOK_PATH}`, {
    method: 'POST',
    headers: {
      authorization: `Bearer ${await h.identity.sign({ kind: 'anonymous' })}`,
      'content-type': 'application/json',
      'x-kushki-key': school.merchantId,
      'x-kushki-id': now,
      'x-kushki-signature': createHmac('sha256', 'otra').update(`${raw}.${now}`).digest('hex'),
    },
    body: raw,
  });
  expect(forged.status).toBe(401);
  expect((await statusOf(id)).status).toBe('DECLINED');

  const list = await h.call(treasurer(), `${PAYOUTS}${id}/bank-accounts/`);
  expect(list.body.results.map((a: { id: string }) => a.id)).toEqual([
    accountId,
    declinedAccountId,
  ]);
  const changed = await h.call(treasurer(), `${PAYOUTS}${id}/change-bank-account/`, {
    method: 'PUT',
    json: { bank_account_id: accountId },
  });
  expect(changed.status).toBe(200);
  expect(changed.body.bank_account.id).toBe(accountId);
  expect((await execute(id)).status).toBe(200);
  await waitFor(async () => (await statusOf(id)).status === 'APPROVED');
  expect(await gatewayPayouts(id)).toHaveLength(2);
  expect(await h.count('ledger_transactions', 'idempotency_key = $1', [`payout:${id}`])).toBe(1);
  expect((await h.ledgerCheck()).ok).toBe(true);
  expect(await declinedEvents(id)).toHaveLength(1);
});

test('no answer from the gateway: a Spanish 503, PROCESSING, claimed again only after a minute', async () => {
  const { day } = await cardDay(5, [80_000]);
  const id = (await schedule(day)).body.id as string;
  const config = h.config;
  const url = config.kushkiSandboxUrl;
  config.kushkiSandboxUrl = 'http://127.0.0.1:9'; // nothing listens
  try {
    const silent = await execute(id);
    expect(silent.status).toBe(503);
    expect(silent.body.error.message).toBe(GATEWAY_SILENT);
  } finally {
    config.kushkiSandboxUrl = url;
  }
  expect((await statusOf(id)).status).toBe('PROCESSING');
  // Within the minute another execution calls nothing: the first may still be on its way.
  expect((await execute(id)).body.status).toBe('PROCESSING');
  expect(await gatewayPayouts(id)).toHaveLength(0);
  await h.books.$client.query(
    "UPDATE payouts SET executed_at = executed_at - interval '2 minutes' WHERE id = $1",
    [id],
  );
  expect((await execute(id)).status).toBe(200);
  await waitFor(async () => (await statusOf(id)).status === 'APPROVED');
  expect(await gatewayPayouts(id)).toHaveLength(1);
});

test('who may see, schedule and execute payouts', async () => {
  const { day } = await cardDay(4, [90_000]);
  expect((await schedule(day, h.staff('CASH_COLLECTION'))).status).toBe(403);
  expect((await schedule(day, h.staff('ACCOUNTANT'))).status).toBe(403);
  expect((await schedule(day, h.guardian(school))).status).toBe(403);
  expect((await schedule(day, h.staff('OWNER', other))).status).toBe(404);
  const payout = await schedule(day);
  const id = payout.body.id as string;
  expect((await execute(id, h.staff('ACCOUNTANT'))).status).toBe(403);
  expect((await execute(id, h.staff('OWNER', other))).status).toBe(404);
  expect((await h.call(h.staff('OWNER', other), `${PAYOUTS}${id}/`)).status).toBe(404);
  expect((await h.call(h.staff('CASH_COLLECTION'), `${PAYOUTS}${id}/`)).status).toBe(403);
  expect((await h.call(h.staff('OWNER', other), `${PAYOUTS}?school_id=${school.id}`)).status).toBe(
    404,
  );
  const mine = await h.call(
    h.staff('ACCOUNTANT'),
    `${PAYOUTS}?school_id=${school.id}&status=SCHEDULED`,
  );
  expect(mine.status).toBe(200);
  expect(mine.body.results.map((p: { id: string }) => p.id)).toContain(id);
  expect(await gatewayPayouts(id)).toHaveLength(0);
});

test('bad input is a Spanish 400; an open day or an empty one is a Spanish 409', async () => {
  const bad = await schedule('ayer');
  expect(bad.status).toBe(400);
  expect(bad.body.error.details[0].message).toBe('Escribe el día cobrado como AAAA-MM-DD.');
  const today = await schedule(mexicoCityDate(new Date()));
  expect(today.status).toBe(409);
  expect(today.body.error.message).toBe(
    'Solo se dispersan días ya cerrados: elige un día anterior a hoy.',
  );
  const empty = await schedule('2026-01-05');
  expect(empty.status).toBe(409);
  expect(empty.body.error.message).toMatch(/^No hay dinero por dispersar de ese día/);
  const year = await h.call(treasurer(), `${PAYOUTS}bank-holiday/?year=2030`);
  expect(year.status).toBe(400);
  expect(year.body.error.details[0].message).toBe('Conocemos los días inhábiles de 2026 y 2027.');
  const holidays = await h.call(h.staff('ACCOUNTANT'), `${PAYOUTS}bank-holiday/?year=2026`);
  expect(holidays.status).toBe(200);
  expect(holidays.body.results).toContainEqual({
    date: '2026-11-16',
    name: 'Día de la Revolución',
  });
  const balance = await h.call(treasurer(), '/backoffice/register_payout_balance/', {
    method: 'POST',
    json: { school_id: school.id, as_of: '2026-01-05', balance_centavos: -1 },
  });
  expect(balance.status).toBe(400);
  expect(balance.body.error.details[0].message).toBe('El saldo no puede ser negativo.');
});

test("the gateway's balance is compared with the books' gateway account", async () => {
  const { rows } = await h.books.$client.query(
    `SELECT coalesce(sum(e.amount_centavos), 0)::bigint AS total FROM ledger_entries e
       JOIN ledger_accounts a ON a.id = e.account_id WHERE a.code = $1`,
    [`school:${school.id}:gateway_clearing`],
  );
  const books = Number(rows[0].total);
  const res = await h.call(treasurer(), '/backoffice/register_payout_balance/', {
    method: 'POST',
    json: { school_id: school.id, as_of: '2026-01-05', balance_centavos: books + 100 },
  });
  expect(res.status).toBe(200);
  expect(res.body).toEqual({
    school_id: school.id,
    as_of: '2026-01-05',
    balance_centavos: books + 100,
    books_centavos: books,
    difference_centavos: 100,
  });
});

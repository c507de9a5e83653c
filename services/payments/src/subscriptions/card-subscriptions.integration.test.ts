import { randomUUID } from 'node:crypto';
import type { IdentityClaims } from '@cuota/contracts/identity/identity-claims';
import { mexicoCityDate } from '@cuota/service-runtime/time/mexico-city-date';
import { waitFor } from '@cuota/testing/wait-for';
import { GatewayDoor } from '../test-support/gateway-door';
import { CARDS, type PaymentsHarness, type SchoolFixture } from '../test-support/payments-harness';
import { startPaymentsHarness } from '../test-support/start-harness';
import { chargeDueMonths } from './charge-due-months';
import { CARD_CHARGES_CHANNEL } from './card-subscription-repository';
import { SUBSCRIPTION_CANCELED, UNKNOWN_SUBSCRIPTION } from './create-card-subscription';
import { reconcileCardCharges } from './reconcile-card-charges';
import { releaseRemovedCards } from './remove-card-subscription';

jest.setTimeout(180_000);

/**
 * A family pays a billing subscription's months by card (ADR 0070), against billing's real
 * service, the gateway sandbox's subscriptions, PostgreSQL and NATS. Payments' clock (and the
 * sandbox's) is moved to next month to see the next charge; billing keeps today.
 */
let h: PaymentsHarness;
/** Kushki as payments reaches it: closed, the gateway is down. */
const door = new GatewayDoor();
let school: SchoolFixture;
let shiftMs = 0;
const PRICE = 85_000;
const today = mexicoCityDate(new Date());
const thisMonth = today.slice(0, 7);
const nextMonthStart = new Date(
  Date.UTC(Number(thisMonth.slice(0, 4)), Number(thisMonth.slice(5, 7)), 1, 18),
);
const nextMonth = mexicoCityDate(nextMonthStart).slice(0, 7);
let conceptId: string;
/** Billing's subscriptions: family 0's two children, family 1's child. */
const subs: { id: string; studentId: string; guardian: IdentityClaims }[] = [];

const CARDS_PATH = (schoolId: string) => `/api/v1/schools/${schoolId}/card_subscriptions/`;

/** Billing's answers, as loosely as the test reads them. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Json = any;

async function billing(
  claims: IdentityClaims,
  path: string,
  method = 'GET',
  json?: unknown,
): Promise<Json> {
  const res = await fetch(`${h.realBilling.billing.service.url}${path}`, {
    method,
    headers: {
      authorization: `Bearer ${await h.identity.sign(claims)}`,
      ...(json === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: json === undefined ? undefined : JSON.stringify(json),
  });
  const body: Json = await res.json();
  if (!res.ok) throw new Error(`billing answered ${res.status}: ${JSON.stringify(body)}`);
  return body;
}

/** The subscription's orders as billing shows them to the family. */
async function ordersOf(sub: (typeof subs)[number]) {
  const view = await billing(sub.guardian, `/api/v1/schools/${school.id}/subscriptions/${sub.id}/`);
  return view.orders as { id: string; period: string; paid_centavos: number; canceled: boolean }[];
}

/** The card subscription's row in payments' books. */
const cardOf = async (sub: (typeof subs)[number]) =>
  (
    await h.books.$client.query(
      'SELECT status, gateway_released_at FROM card_subscriptions WHERE billing_subscription_id = $1',
      [sub.id],
    )
  ).rows[0] as { status: string; gateway_released_at: Date | null } | undefined;

const cardStatusOf = async (sub: (typeof subs)[number]) => (await cardOf(sub))?.status;

/** What Kushki answers when its kept card for `sub` is charged (404: it let the card go). */
async function chargeAtKushki(sub: (typeof subs)[number]): Promise<number> {
  const { merchant } = await h.deps.gateways.of(school.id, 'sandbox');
  const [{ gateway_subscription_id: keptId }] = (
    await h.books.$client.query(
      'SELECT gateway_subscription_id FROM card_subscriptions WHERE billing_subscription_id = $1',
      [sub.id],
    )
  ).rows;
  const res = await fetch(`${h.sandbox.url}/subscriptions/v1/card/${keptId}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'Private-Merchant-Id': merchant.privateMerchantId,
    },
    body: JSON.stringify({ amount: { subtotalIva: 0, subtotalIva0: 1, iva: 0, currency: 'MXN' } }),
  });
  return res.status;
}

async function giveCard(sub: (typeof subs)[number], card: string = CARDS.approved) {
  return h.call(sub.guardian, CARDS_PATH(school.id), {
    method: 'POST',
    json: {
      subscription_id: sub.id,
      student_id: sub.studentId,
      concept_id: conceptId,
      token: await h.tokenize(school, card, PRICE),
    },
  });
}

const chargesOf = async (sub: (typeof subs)[number]) =>
  (
    await h.books.$client.query(
      `SELECT c.period, c.status, c.message, c.ticket_number, c.amount_centavos::int
         FROM card_subscription_charges c
         JOIN card_subscriptions s ON s.id = c.card_subscription_id
        WHERE s.billing_subscription_id = $1 ORDER BY c.period`,
      [sub.id],
    )
  ).rows;

beforeAll(async () => {
  h = await startPaymentsHarness({
    label: 'payments_card_subscriptions',
    // The sandbox signs its webhooks with the real time: a month ahead must still be fresh.
    config: { webhookToleranceSeconds: 40 * 86_400 },
    clock: () => Date.now() + shiftMs,
    door,
  });
  [school] = h.schools as [SchoolFixture];
  const accountant: IdentityClaims = {
    kind: 'staff',
    user_id: 'contadora',
    memberships: [{ school_id: school.id, role: 'ACCOUNTANT' }],
  };
  await h.bill(school, [school.families[0]!.studentIds[0]!]); // billing knows the students
  const concept = await billing(accountant, '/api/v1/dashboard/concepts/', 'POST', {
    school_id: school.id,
    name: 'Transporte escolar',
    concept_type: 'TRANSPORT',
    recurrence: 'MONTHLY',
    price_centavos: PRICE,
    level: 'elementary',
    periods: [thisMonth, nextMonth],
    due_day: 10,
  });
  conceptId = concept.id;
  const [first, second] = school.families as [
    SchoolFixture['families'][0],
    SchoolFixture['families'][0],
  ];
  for (const [family, studentId] of [
    [0, first.studentIds[0]!],
    [0, first.studentIds[1]!],
    [1, second.studentIds[0]!],
  ] as const) {
    const guardian = h.guardian(school, family);
    const sub = await billing(guardian, `/api/v1/schools/${school.id}/subscriptions/`, 'POST', {
      student_id: studentId,
      concept_id: conceptId,
    });
    subs.push({ id: sub.id, studentId, guardian });
  }
}, 180_000);
afterAll(() => h?.stop());

test('10 concurrent cards for one subscription make one gateway subscription; its month is paid', async () => {
  const [sub] = subs as [(typeof subs)[number]];
  const answers = await Promise.all(Array.from({ length: 10 }, () => giveCard(sub)));
  expect(answers.map((a) => a.status)).toEqual(Array(10).fill(201));
  for (const a of answers)
    expect(a.body).toMatchObject({
      subscription_id: sub.id,
      status: 'ACTIVE',
      card: { brand: 'Mastercard', last_four: '5480' },
    });
  const { rows } = await h.books.$client.query(
    'SELECT DISTINCT gateway_subscription_id FROM card_subscriptions WHERE billing_subscription_id = $1',
    [sub.id],
  );
  expect(rows).toHaveLength(1);

  // The new card wakes the charging loop: this month is charged once and allocated by webhook.
  await waitFor(async () => (await chargesOf(sub))[0]?.status === 'APPROVED', 30_000);
  const [thisOrder, nextOrder] = await ordersOf(sub);
  await waitFor(async () => (await ordersOf(sub))[0]!.paid_centavos === PRICE, 30_000);
  // More passes at once charge nothing again; next month is not due yet.
  expect(await Promise.all([chargeDueMonths(h.deps), chargeDueMonths(h.deps)])).toEqual([0, 0]);
  const charges = await chargesOf(sub);
  expect(charges).toEqual([
    expect.objectContaining({ period: thisMonth, status: 'APPROVED', amount_centavos: PRICE }),
  ]);
  expect(
    await h.count('payins', 'idempotency_key = $1', [`subscription:${charges[0].ticket_number}`]),
  ).toBe(1);
  expect(thisOrder!.period).toBe(thisMonth);
  expect((await ordersOf(sub))[1]).toMatchObject({ id: nextOrder!.id, paid_centavos: 0 });
  await waitFor(async () => (await h.ledgerCheck()).ok);
});

test('a declined month stays open and the family sees why', async () => {
  const sub = subs[1]!;
  expect((await giveCard(sub, CARDS.noFunds)).status).toBe(201);
  await waitFor(async () => (await chargesOf(sub))[0]?.status === 'DECLINED', 30_000);
  const list = await h.call(sub.guardian, CARDS_PATH(school.id));
  expect(list.status).toBe(200);
  const shown = list.body.find((c: { subscription_id: string }) => c.subscription_id === sub.id);
  expect(shown.charges).toEqual([
    expect.objectContaining({
      period: thisMonth,
      status: 'DECLINED',
      message: 'Tarjeta sin fondos',
    }),
  ]);
  expect((await ordersOf(sub))[0]).toMatchObject({ paid_centavos: 0, canceled: false });
  expect(await h.count('payins', 'student_ids @> ARRAY[$1]::text[]', [sub.studentId])).toBe(0);
});

test('only the family gives or removes its card; bad input is a Spanish 400', async () => {
  const [mine, , theirs] = subs as [(typeof subs)[number], unknown, (typeof subs)[number]];
  const before = await h.count('card_subscriptions');
  const asStaff = await h.call(h.staff('OWNER'), CARDS_PATH(school.id), {
    method: 'POST',
    json: {
      subscription_id: mine.id,
      student_id: mine.studentId,
      concept_id: conceptId,
      token: 'a'.repeat(32),
    },
  });
  expect(asStaff.status).toBe(403);
  const foreignStudent = await h.call(theirs.guardian, CARDS_PATH(school.id), {
    method: 'POST',
    json: {
      subscription_id: randomUUID(),
      student_id: mine.studentId,
      concept_id: conceptId,
      token: await h.tokenize(school, CARDS.approved, PRICE),
    },
  });
  expect(foreignStudent.status).toBe(404);
  // The family's own student and concept, but no subscription of billing's: refused.
  const unknownSubscription = await h.call(mine.guardian, CARDS_PATH(school.id), {
    method: 'POST',
    json: {
      subscription_id: randomUUID(),
      student_id: mine.studentId,
      concept_id: conceptId,
      token: await h.tokenize(school, CARDS.approved, PRICE),
    },
  });
  expect(unknownSubscription).toMatchObject({
    status: 404,
    body: { error: { message: UNKNOWN_SUBSCRIPTION } },
  });
  const removeTheirs = await h.call(theirs.guardian, `${CARDS_PATH(school.id)}${mine.id}/`, {
    method: 'DELETE',
  });
  expect(removeTheirs).toMatchObject({
    status: 404,
    body: { error: { message: 'Esta suscripción no se paga con tarjeta.' } },
  });
  const bad = await h.call(mine.guardian, CARDS_PATH(school.id), {
    method: 'POST',
    json: { subscription_id: 'x', student_id: mine.studentId, concept_id: conceptId, token: '1' },
  });
  expect(bad.status).toBe(400);
  expect(bad.body.error.details).toEqual([
    { path: 'subscription_id', message: 'Elige una suscripción válida.' },
    { path: 'token', message: 'El token de la tarjeta no es válido.' },
  ]);
  expect(await h.count('card_subscriptions')).toBe(before);
  expect((await h.call(theirs.guardian, CARDS_PATH(school.id))).body).toEqual([]);
});

test('next month: a removed card and a cancelled subscription are not charged; an active one is', async () => {
  const [removed, cancelled, active] = subs as [
    (typeof subs)[number],
    (typeof subs)[number],
    (typeof subs)[number],
  ];
  expect((await giveCard(active)).status).toBe(201);
  await waitFor(async () => (await chargesOf(active))[0]?.status === 'APPROVED', 30_000);
  const gone = await h.call(removed.guardian, `${CARDS_PATH(school.id)}${removed.id}/`, {
    method: 'DELETE',
  });
  expect(gone).toMatchObject({ status: 200, body: { status: 'CANCELED' } });
  // Kushki let the card go too: charging it there is now an unknown subscription (K067).
  expect(await chargeAtKushki(removed)).toBe(404);
  expect(await cardStatusOf(cancelled)).toBe('ACTIVE');
  await billing(
    cancelled.guardian,
    `/api/v1/schools/${school.id}/subscriptions/${cancelled.id}/`,
    'DELETE',
  );
  // Billing's cancellation stops its card as if the family had removed it, Kushki included.
  await waitFor(async () => (await cardStatusOf(cancelled)) === 'CANCELED', 30_000);
  expect(await chargeAtKushki(cancelled)).toBe(404);
  // A card for the cancelled subscription is refused, saying why.
  expect(await giveCard(cancelled)).toMatchObject({
    status: 409,
    body: { error: { message: SUBSCRIPTION_CANCELED } },
  });

  shiftMs = nextMonthStart.getTime() - Date.now();
  await chargeDueMonths(h.deps);
  await waitFor(
    async () =>
      (await chargesOf(active)).length === 2 && (await chargesOf(active))[1].status === 'APPROVED',
    30_000,
  );
  expect((await chargesOf(active)).map((c) => c.period)).toEqual([thisMonth, nextMonth]);
  await waitFor(async () => (await ordersOf(active))[1]!.paid_centavos === PRICE, 30_000);
  expect((await chargesOf(removed)).map((c) => c.period)).toEqual([thisMonth]);
  expect((await chargesOf(cancelled)).map((c) => c.period)).toEqual([thisMonth]);
  expect((await ordersOf(removed))[1]!.paid_centavos).toBe(0);
  await waitFor(async () => (await h.ledgerCheck()).ok);
});

test('a charge a crash left unanswered is released if never made, settled once if made', async () => {
  const removed = subs[0]!; // its card was removed; its next month is still open
  const order = (await ordersOf(removed))[1]!;
  const card = (
    await h.books.$client.query(
      'SELECT id FROM card_subscriptions WHERE billing_subscription_id = $1',
      [removed.id],
    )
  ).rows[0];
  const behaviour = (json: object) =>
    fetch(`${h.sandbox.url}/_sandbox/behaviour`, { method: 'PUT', body: JSON.stringify(json) });
  const leaveUnanswered = () =>
    h.books.$client.query(
      `UPDATE card_subscription_charges SET status = 'PENDING', ticket_number = NULL,
              created_at = now() - interval '1 hour' WHERE order_id = $1`,
      [order.id],
    );
  // The process died after claiming the month and before calling Kushki: the claim is there,
  // no charge is. The next WorkLoop pass (woken by a new card) releases it and charges it.
  const claim = await h.books.$client.query(
    `INSERT INTO card_subscription_charges
       (card_subscription_id, order_id, period, amount_centavos, status, created_at)
     VALUES ($1, $2, $3, $4, 'PENDING', now() - interval '1 hour') RETURNING id`,
    [card.id, order.id, nextMonth, PRICE],
  );
  await behaviour({ hold: true }); // and no webhook will tell payments of the charge
  try {
    expect((await giveCard(removed)).status).toBe(201);
    await waitFor(async () => (await chargesOf(removed))[1]?.status === 'APPROVED', 30_000);
    const [, charged] = await chargesOf(removed);
    expect(await h.count('card_subscription_charges', 'id = $1', [claim.rows[0].id])).toBe(0);

    // This time the process dies after Kushki charged and before its answer was recorded.
    await leaveUnanswered();
    expect((await ordersOf(removed))[1]!.paid_centavos).toBe(0);

    const passes = await Promise.all([reconcileCardCharges(h.deps), reconcileCardCharges(h.deps)]);
    expect(passes.reduce((n, p) => n + p.settled, 0)).toBeGreaterThanOrEqual(1);
    expect((await chargesOf(removed))[1]).toMatchObject({
      status: 'APPROVED',
      ticket_number: charged.ticket_number,
    });
    await waitFor(async () => (await ordersOf(removed))[1]!.paid_centavos === PRICE, 30_000);
  } finally {
    await behaviour({}); // the held webhook now arrives too: it finds the charge settled
  }
  const ticket = (await chargesOf(removed))[1].ticket_number;
  await waitFor(async () => {
    const url = `${h.sandbox.url}/_sandbox/webhooks?ticketNumber=${ticket}`;
    const log = (await (await fetch(url)).json()) as { status: number | null }[];
    return log.some((d) => d.status === 200);
  }, 30_000);
  const { merchant } = await h.deps.gateways.of(school.id, 'sandbox');
  const hour = 3_600_000;
  const window = await h.deps.gateways
    .gatewayFor(merchant)
    .transactionsBetween(new Date(Date.now() - hour), new Date(Date.now() + hour));
  expect(window.sales.filter((sale) => sale.orderId === order.id)).toHaveLength(1);
  const key = `subscription:${ticket}`;
  expect(await h.count('payins', 'idempotency_key = $1', [key])).toBe(1);
  expect((await ordersOf(removed))[1]!.paid_centavos).toBe(PRICE);
  await waitFor(async () => (await h.ledgerCheck()).ok);
});

test('a removal Kushki did not hear (gateway down) is asked again until Kushki lets the card go', async () => {
  const [again, , active] = subs as [(typeof subs)[number], unknown, (typeof subs)[number]];
  expect(await cardStatusOf(again)).toBe('ACTIVE');
  expect(await cardStatusOf(active)).toBe('ACTIVE');
  await door.closeDoor();
  try {
    // The family removes one card, billing cancels the other's subscription: both stop at once.
    const gone = await h.call(active.guardian, `${CARDS_PATH(school.id)}${active.id}/`, {
      method: 'DELETE',
    });
    expect(gone).toMatchObject({ status: 200, body: { status: 'CANCELED' } });
    await billing(
      again.guardian,
      `/api/v1/schools/${school.id}/subscriptions/${again.id}/`,
      'DELETE',
    );
    await waitFor(async () => (await cardStatusOf(again)) === 'CANCELED', 30_000);
    // Kushki still keeps both cards: a pass while it is down leaves them for the next one.
    expect(await releaseRemovedCards(h.deps)).toBe(0);
    for (const sub of [again, active])
      expect(await cardOf(sub)).toMatchObject({ status: 'CANCELED', gateway_released_at: null });
  } finally {
    await door.openDoor();
  }
  // Kushki is back: the loop's next pass (woken here instead of in 5 minutes) lets both go.
  await h.books.$client.query(`SELECT pg_notify('${CARD_CHARGES_CHANNEL}', '')`);
  await waitFor(async () => (await cardOf(again))?.gateway_released_at, 30_000);
  await waitFor(async () => (await cardOf(active))?.gateway_released_at, 30_000);
  expect(await chargeAtKushki(again)).toBe(404);
  expect(await chargeAtKushki(active)).toBe(404);
  // Done once: later passes ask no more.
  expect(await releaseRemovedCards(h.deps)).toBe(0);
});

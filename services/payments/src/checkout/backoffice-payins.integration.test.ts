import { randomUUID } from 'node:crypto';
import type { IdentityClaims } from '@cuota/contracts/identity/identity-claims';
import { payinSchema } from '@cuota/contracts/payments/payins';
import { waitFor } from '@cuota/testing/wait-for';
import { lostCharges } from '../test-support/lost-charges';
import type { PaymentsHarness } from '../test-support/payments-harness';
import { CARDS, type SchoolFixture } from '../test-support/payments-harness';
import { startPaymentsHarness } from '../test-support/start-harness';

jest.setTimeout(120_000);

/**
 * Operators' tools for a card payin the gateway charged but whose answer was lost, even the
 * payin id in the charge's metadata (ADR 0036 "backoffice payins").
 */
let h: PaymentsHarness;
let school: SchoolFixture;
let other: SchoolFixture;
beforeAll(async () => {
  h = await startPaymentsHarness({ label: 'payments_backoffice' });
  [school, other] = h.schools as [SchoolFixture, SchoolFixture];
}, 120_000);
afterAll(() => h?.stop());

const { payinLeftBeforeCharge, chargeBehindPayments } = lostCharges(
  () => h,
  () => school,
);
const behaviour = (json: object) =>
  fetch(`${h.sandbox.url}/_sandbox/behaviour`, { method: 'PUT', body: JSON.stringify(json) });
const assign = (payinId: string, ticket: unknown, claims = h.staff('TREASURER')) =>
  h.call(claims, `/backoffice/payins/${payinId}/assign_ticket_number/`, {
    method: 'POST',
    json: { ticket_number: ticket },
  });
const sync = (json: object, claims = h.staff('TREASURER')) =>
  h.call(claims, '/backoffice/payins/sync/', { method: 'POST', json });

/** A payin charged at the gateway under a metadata id that is not the payin's. */
async function chargedButUnlinked() {
  const { payin, order } = await payinLeftBeforeCharge();
  const charged = await chargeBehindPayments(CARDS.visa, order.amount, randomUUID());
  expect(charged.status).toBe(201);
  const { ticketNumber } = (await charged.json()) as { ticketNumber: string };
  return { payin, order, ticketNumber };
}

test('sync cannot find it; its ticket links it and reconciliation settles it once', async () => {
  await behaviour({ hold: true });
  try {
    const { payin, order, ticketNumber } = await chargedButUnlinked();
    const found = await sync({ school_id: school.id });
    expect(found.status).toBe(200);
    expect(found.body).toMatchObject({ settled: 0, failed: 0 });
    expect(found.body.still_pending).toBeGreaterThanOrEqual(1);

    const answers = await Promise.all(
      Array.from({ length: 5 }, () => assign(payin.id, ticketNumber)),
    );
    for (const a of answers) expect(a.status).toBe(200);
    for (const a of answers)
      expect(payinSchema.parse(a.body)).toMatchObject({ id: payin.id, status: 'success' });
    expect(await h.count('allocations', 'payin_id = $1', [payin.id])).toBe(1);
    expect((await sync({ school_id: school.id })).body.settled).toBe(0);
    await h.realBilling.waitForPaid(order);

    const otherTicket = await assign(payin.id, `${ticketNumber}9`);
    expect(otherTicket.status).toBe(409);
    expect(otherTicket.body.error.message).toBe(`Este cobro ya tiene el ticket ${ticketNumber}.`);
    const { payin: second } = await payinLeftBeforeCharge();
    const taken = await assign(second.id, ticketNumber);
    expect(taken.status).toBe(409);
    expect(taken.body.error.message).toBe('Este ticket ya está asignado a otro cobro.');
  } finally {
    await behaviour({});
  }
  await waitFor(async () => (await h.ledgerCheck()).ok);
});

test('a sync of a date range checks only the payins created then', async () => {
  const { payin } = await payinLeftBeforeCharge();
  const answer = await sync({ school_id: school.id, from: '2020-01-01', to: '2020-01-31' });
  expect(answer.body).toEqual({ checked: 0, settled: 0, failed: 0, still_pending: 0 });
  expect(await h.count('payins', "id = $1 AND status = 'pending'", [payin.id])).toBe(1);
});

test('roles, schools and input: 403, 404 and Spanish 400', async () => {
  const { payin } = await payinLeftBeforeCharge();
  expect((await assign(payin.id, 'ABC123456', h.staff('CASH_COLLECTION'))).status).toBe(403);
  expect((await sync({ school_id: school.id }, h.staff('ACCOUNTANT'))).status).toBe(403);
  expect((await assign(payin.id, 'ABC123456', h.guardian(school))).status).toBe(403);
  const elsewhere = await assign(payin.id, 'ABC123456', h.staff('TREASURER', other));
  expect(elsewhere.status).toBe(404);
  expect(elsewhere.body.error.message).toBe('No encontramos este cobro.');
  expect((await sync({ school_id: school.id }, h.staff('TREASURER', other))).status).toBe(404);

  const bad = await assign(payin.id, 'x');
  expect(bad.status).toBe(400);
  expect(JSON.stringify(bad.body)).toContain(
    'El número de ticket tiene de 6 a 64 letras, dígitos o guiones.',
  );
  const reversed = await sync({ school_id: school.id, from: '2026-02-01', to: '2026-01-01' });
  expect(reversed.status).toBe(400);
  expect(JSON.stringify(reversed.body)).toContain(
    'La fecha inicial debe ser igual o anterior a la fecha final.',
  );
  expect(await h.count('payins', 'id = $1 AND ticket_number IS NULL', [payin.id])).toBe(1);
});

describe('GET /backoffice/payins/', () => {
  const list = (claims: Parameters<PaymentsHarness['call']>[0], query = '') =>
    h.call(claims, `/backoffice/payins/?${query}`);
  /** Someone who reads payments in both schools. */
  const bothSchools = () => ({
    kind: 'staff' as const,
    user_id: 'staff-both',
    name: 'Personal de dos escuelas',
    memberships: [
      { school_id: school.id, role: 'TREASURER' as const },
      { school_id: other.id, role: 'ACCOUNTANT' as const },
    ],
  });

  test('every school the caller reads, or one; Pagos’ filters and paging', async () => {
    const desk = await h.call(
      h.staff('CASH_COLLECTION', other),
      `/api/v1/dashboard/schools/${other.id}/payins/`,
      {
        method: 'POST',
        json: {
          student_id: other.families[0]!.studentIds[0]!,
          amount_centavos: 10_000,
          method: 'cash',
          confirm_excess: true,
        },
        headers: { 'idempotency-key': `caja-${randomUUID()}` },
      },
    );
    expect(desk.status).toBe(201);
    const all = await list(bothSchools(), 'page_size=200');
    expect(all.status).toBe(200);
    const schools = new Set(all.body.results.map((p: { school_id: string }) => p.school_id));
    expect(schools).toEqual(new Set([school.id, other.id]));
    expect(all.body.count).toBe(await h.count('payins'));

    const one = await list(bothSchools(), `school_id=${other.id}&method=cash`);
    expect(one.body.results.map((p: { id: string }) => p.id)).toEqual([desk.body.id]);
    // Where the caller reads only one school, the others' payins are not theirs to see.
    const mine = await list(h.staff('TREASURER', other), 'page_size=200');
    expect(mine.body.results.every((p: { school_id: string }) => p.school_id === other.id)).toBe(
      true,
    );
    const paged = await list(bothSchools(), 'page_size=1&page=2');
    expect(paged.body).toMatchObject({ count: all.body.count, page: 2, page_size: 1 });
    expect(paged.body.results).toHaveLength(1);
  });

  test('403 without payments.read, 404 for a school not theirs, Spanish 400', async () => {
    expect((await list(h.staff('ADMISSIONS'))).status).toBe(403);
    expect((await list(h.guardian(school))).status).toBe(403);
    expect((await list(h.staff('TREASURER', other), `school_id=${school.id}`)).status).toBe(404);
    const bad = await list(h.staff('TREASURER'), 'from=2026-02-01&to=2026-01-01');
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.body)).toContain(
      'La fecha inicial debe ser igual o anterior a la fecha final.',
    );
    expect((await list(h.staff('TREASURER'), 'page_size=500')).status).toBe(400);
  });
});

test('a platform operator is sent to the payin in its school’s dashboard; no school role is', async () => {
  const { payin } = await payinLeftBeforeCharge();
  const redirect = (id: string, claims: IdentityClaims) =>
    h.call(claims, `/backoffice/payins/${id}/redirect/`);
  const operator: IdentityClaims = {
    kind: 'staff',
    user_id: 'operador-cuota',
    memberships: [],
    platform_operator: true,
  };
  const sent = await redirect(payin.id, operator);
  expect(sent.status).toBe(302);
  expect(sent.headers.get('location')).toBe(
    `/dashboard/payments/${payin.id}?school_id=${school.id}`,
  );
  // The school's own owner, another school's, and the family: refused, sent nowhere.
  for (const claims of [h.staff('OWNER'), h.staff('OWNER', other), h.guardian(school)]) {
    const refused = await redirect(payin.id, claims);
    expect(refused.status).toBe(403);
    expect(refused.headers.get('location')).toBeNull();
  }
  for (const id of [randomUUID(), 'no-es-un-id'])
    expect(await redirect(id, operator)).toMatchObject({
      status: 404,
      body: { error: { message: 'No encontramos este cobro.' } },
    });
});

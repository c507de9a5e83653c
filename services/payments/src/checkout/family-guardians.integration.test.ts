/**
 * Both parents of a family see and pay its money (docs/adr/0023), across the real services:
 * enrolment's snapshot names the student's guardians; billing lets the second parent (linked,
 * not the billing guardian) pay by card; payments shows both parents the family's payins;
 * invoicing shows both the CFDI, still made out to the billing guardian. A guardian of another
 * family sees none of it, and an unlinked parent loses what was only the family's.
 */
import { randomUUID } from 'node:crypto';
import { guardianCreatedV1 } from '@cuota/contracts/events/enrolment.guardian.created.v1';
import { studentUpdatedV1 } from '@cuota/contracts/events/enrolment.student.updated.v1';
import type { IdentityClaims } from '@cuota/contracts/identity/identity-claims';
import { guardian, startInvoicingWithPac, student } from '@cuota/invoicing/test-support';
import { waitFor } from '@cuota/testing/wait-for';
import type { PaymentsHarness, SchoolFixture } from '../test-support/payments-harness';
import { publishEvent } from '@cuota/testing/publish-event';
import { startPaymentsHarness } from '../test-support/start-harness';

jest.setTimeout(90_000);

let h: PaymentsHarness;
let school: SchoolFixture;
let invoicing: Awaited<ReturnType<typeof startInvoicingWithPac>>;
const SECOND_PARENT = randomUUID();
let billingGuardian: string;
let childId: string;

const claims = (guardianId: string): IdentityClaims => ({
  kind: 'guardian',
  guardian_id: guardianId,
  school_ids: [school.id],
});
const parent = () => claims(SECOND_PARENT);
const neighbour = () => claims(school.families[1]!.guardianId);

/** The child's snapshot as enrolment publishes it, with these guardians linked. */
async function linkGuardians(guardianIds: string[]) {
  await publishEvent(
    h.ns.nc,
    h.ns,
    studentUpdatedV1,
    student(1, {
      student_id: childId,
      school_id: school.id,
      first_name: 'Ana',
      last_name: 'Pérez 00',
      billing_guardian_id: billingGuardian,
      guardian_ids: guardianIds,
    }),
  );
  const linked = (rows: { guardian_ids: string[] }[]) =>
    rows[0]?.guardian_ids.join() === [...guardianIds].join();
  const sql = 'SELECT guardian_ids FROM student_directory WHERE student_id = $1';
  await waitFor(async () => linked((await h.books.$client.query(sql, [childId])).rows));
  await waitFor(async () => linked(await h.realBilling.billing.query(sql, [childId])));
  await waitFor(async () =>
    linked((await invoicing.invoicing.service.db.$client.query(sql, [childId])).rows),
  );
}

/** The payins a guardian finds in the school's list. */
const listedFor = async (who: IdentityClaims) =>
  (await h.call(who, `/api/v2/schools/${school.id}/payins/`)).body.results.map(
    (p: { id: string }) => p.id,
  );

/** What a guardian gets reading one payin: itself, its status and its receipt. */
const readsOf = async (who: IdentityClaims, payinId: string) =>
  Promise.all(
    [
      `/api/v2/schools/${school.id}/payins/${payinId}/`,
      `/api/v1/payments_v2/payment-status/${payinId}/`,
    ].map(async (path) => (await h.call(who, path)).status),
  );

/** invoice_urls of an order, asked of invoicing's service. */
async function invoiceUrls(who: IdentityClaims, orderId: string) {
  const res = await fetch(
    `${invoicing.invoicing.service.url}/api/v1/students/${childId}/orders/${orderId}/invoice_urls/`,
    { headers: { authorization: `Bearer ${await h.identity.sign(who)}` } },
  );
  return { status: res.status, body: (await res.json()) as { status?: string } };
}

beforeAll(async () => {
  h = await startPaymentsHarness({ label: 'family_guardians' });
  [school] = h.schools as [SchoolFixture];
  billingGuardian = school.families[0]!.guardianId;
  childId = school.families[0]!.studentIds[0]!;
  invoicing = await startInvoicingWithPac({
    natsPrefix: h.ns.prefix,
    identity: h.identity,
    schoolId: school.id,
  });
  const payer = guardian(1, { guardian_id: billingGuardian, school_ids: [school.id] });
  await invoicing.registerTaxpayer(
    payer.tax_id!,
    payer.billing_name!,
    payer.tax_zip_code!,
    payer.tax_regime!,
  );
  await publishEvent(h.ns.nc, h.ns, guardianCreatedV1, payer);
  await publishEvent(
    h.ns.nc,
    h.ns,
    guardianCreatedV1,
    guardian(2, {
      guardian_id: SECOND_PARENT,
      school_ids: [school.id],
      first_name: 'Laura',
      billing_name: null,
      tax_id: null,
    }),
  );
  // The harness enrolled the child with an event that names no guardians (an older producer).
  await linkGuardians([billingGuardian, SECOND_PARENT].sort());
}, 90_000);

afterAll(async () => {
  await invoicing?.stop();
  await h?.stop();
});

let cardPayin: string;
let deskPayin: string;

test('the second parent pays the family’s order by card and sees the payin and its CFDI', async () => {
  const [order] = await h.bill(school, [childId], { period: '2026-09', amount: 485_000 });
  const paid = await h.checkout(school, [order!], { claims: parent() });
  expect(paid.status).toBe(202);
  cardPayin = paid.body.id;
  await h.waitForStatus(cardPayin, 'success');

  expect(await listedFor(parent())).toContain(cardPayin);
  expect(await readsOf(parent(), cardPayin)).toEqual([200, 200]);
  // The billing guardian sees what the other parent paid for their child.
  expect(await listedFor(claims(billingGuardian))).toContain(cardPayin);
  expect(await readsOf(claims(billingGuardian), cardPayin)).toEqual([200, 200]);

  const stamped = await waitFor(async () => {
    const { rows } = await invoicing.invoicing.service.db.$client.query<{
      status: string;
      receptor_rfc: string;
      billing_guardian_id: string;
      payer_guardian_id: string;
    }>(
      `SELECT status, receptor_rfc, billing_guardian_id, payer_guardian_id FROM invoices
        WHERE source_id = $1`,
      [cardPayin],
    );
    return rows[0] && rows[0].status !== 'pending' ? rows[0] : undefined;
  }, 30_000);
  // Only who sees it changed: the CFDI is made out to the billing guardian.
  expect(stamped).toEqual({
    status: 'success',
    receptor_rfc: guardian(1).tax_id,
    billing_guardian_id: billingGuardian,
    payer_guardian_id: SECOND_PARENT,
  });
  expect(await invoiceUrls(parent(), order!.id)).toMatchObject({
    status: 200,
    body: { status: 'success' },
  });
  await waitFor(async () => (await h.realBilling.order(school.id, order!.id)).status === 'PAID');
});

test('a desk payment for the child is the second parent’s to see too; not the neighbour’s', async () => {
  const [order] = await h.bill(school, [childId], { period: '2026-10', amount: 400_000 });
  const res = await h.call(
    h.staff('CASH_COLLECTION'),
    `/api/v1/dashboard/schools/${school.id}/payins/`,
    {
      method: 'POST',
      json: { student_id: childId, amount_centavos: 400_000, method: 'cash' },
      headers: { 'idempotency-key': `caja-familia-${randomUUID()}` },
    },
  );
  expect(res.status).toBe(201);
  deskPayin = res.body.id;
  expect(res.body.guardian_id).toBe(billingGuardian);
  expect(await listedFor(parent())).toEqual(expect.arrayContaining([cardPayin, deskPayin]));
  expect(await readsOf(parent(), deskPayin)).toEqual([200, 200]);

  const seen = await listedFor(neighbour());
  expect(seen).not.toContain(cardPayin);
  expect(seen).not.toContain(deskPayin);
  expect(await readsOf(neighbour(), cardPayin)).toEqual([404, 404]);
  expect(await readsOf(neighbour(), deskPayin)).toEqual([404, 404]);
  expect((await invoiceUrls(neighbour(), order!.id)).status).toBe(404);
  // The neighbour cannot pay this family's orders either (billing leaves them out of the quote).
  const [november] = await h.bill(school, [childId], { period: '2026-11', amount: 400_000 });
  expect((await h.checkout(school, [november!], { claims: neighbour() })).status).toBe(404);
});

test('unlinked, the parent keeps the payment they made and loses the family’s', async () => {
  await linkGuardians([billingGuardian]);
  const [december] = await h.bill(school, [childId], { period: '2026-12', amount: 400_000 });
  expect((await h.checkout(school, [december!], { claims: parent() })).status).toBe(404);
  const listed = await listedFor(parent());
  expect(listed).toContain(cardPayin); // they paid it: their own card payment
  expect(listed).not.toContain(deskPayin);
  expect(await readsOf(parent(), deskPayin)).toEqual([404, 404]);
  expect(await listedFor(claims(billingGuardian))).toEqual(
    expect.arrayContaining([cardPayin, deskPayin]),
  );
});

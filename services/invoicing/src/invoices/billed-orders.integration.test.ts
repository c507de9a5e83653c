/**
 * Billing → invoicing on real NATS: a school that invoices at billing gets a PPD invoice per
 * student from billing's own bill run (`billing.orders.billed` with its `detail`), keyed by the
 * run and the event's part, for what each order charges once its scholarship is on.
 */
import { startBillingUnderTest, type BillingUnderTest } from '@cuota/billing/test-support';
import { guardianCreatedV1 } from '@cuota/contracts/events/enrolment.guardian.created.v1';
import { studentCreatedV1 } from '@cuota/contracts/events/enrolment.student.created.v1';
import type { IdentityClaims } from '@cuota/contracts/identity/identity-claims';
import { createTestNamespace, type TestNamespace } from '@cuota/testing/test-namespace';
import { startTestProducer, type TestProducer } from '@cuota/testing/test-producer';
import { waitFor } from '@cuota/testing/wait-for';
import {
  SCHOOL_ID,
  controlPac,
  guardian,
  saveSchoolFiscalEntity,
  startInvoicingOnPac,
  student,
  type InvoicingOnPac,
} from '../test-support/invoicing-test-system';

jest.setTimeout(120_000);

let ns: TestNamespace;
let producer: TestProducer;
let invoicing: InvoicingOnPac;
let billing: BillingUnderTest;
const [ana, luis] = [student(1), student(2, { first_name: 'Luis' })];
const treasurer: IdentityClaims = {
  kind: 'staff',
  user_id: 'user-TREASURER',
  memberships: [{ school_id: SCHOOL_ID, role: 'TREASURER' }],
};

beforeAll(async () => {
  ns = await createTestNamespace();
  producer = await startTestProducer(ns, 'billed_orders_producer');
  [invoicing, billing] = await Promise.all([
    startInvoicingOnPac({ label: 'invoicing_billed', natsPrefix: ns.prefix }),
    startBillingUnderTest({ natsPrefix: ns.prefix }),
  ]);
  const registerTaxpayer = (rfc: string, name: string, postalCode: string, regimes: string[]) =>
    controlPac(invoicing.pac.url, 'PUT', `/taxpayers/${rfc}`, {
      name,
      postal_code: postalCode,
      regimes,
    });
  await saveSchoolFiscalEntity(
    { box: invoicing.box, registerTaxpayer, invoicing: invoicing.underTest.service },
    SCHOOL_ID,
    'billing',
  );
  await registerTaxpayer('COSC8001137NA', 'CARLOS ORTEGA SALAZAR', '06600', ['605']);
  await producer.publish(guardianCreatedV1, guardian(1));
  for (const s of [ana, luis]) await producer.publish(studentCreatedV1, s);
  const directories = async () => {
    const counts = await Promise.all(
      [billing, invoicing.underTest].map(async (u) => {
        const { rows } = await u.service.db.$client.query(
          'SELECT count(*)::int AS n FROM student_directory',
        );
        return rows[0].n as number;
      }),
    );
    return counts.every((n) => n === 2);
  };
  await waitFor(directories, 30_000);
});

afterAll(async () => {
  await billing?.stop();
  await invoicing?.underTest.stop();
  await invoicing?.pac.stop();
  await producer?.stop();
  await ns?.dispose();
});

/** Billing's answer: the created concept or run (the fields this test reads). */
type Created = { id: string; created_orders?: number };

async function callBilling(path: string, json: unknown): Promise<Created> {
  const res = await fetch(`${billing.service.url}${path}`, {
    method: 'POST',
    headers: {
      authorization: `Bearer ${await billing.identity.sign(treasurer)}`,
      'content-type': 'application/json',
    },
    body: JSON.stringify(json),
  });
  expect(res.status).toBeLessThan(300);
  return (await res.json()) as Created;
}

test("billing's bill run becomes one PPD invoice per student, net of the scholarship", async () => {
  const concept = await callBilling('/api/v1/dashboard/concepts/', {
    school_id: SCHOOL_ID,
    name: 'Colegiatura',
    concept_type: 'MONTHLY_FEE',
    recurrence: 'MONTHLY',
    price_centavos: 485_000,
    level: 'elementary',
    periods: ['2026-09'],
    due_day: 10,
  });
  await callBilling(`/api/v1/dashboard/schools/${SCHOOL_ID}/scholarships/`, {
    student_id: luis.student_id,
    concept_id: concept.id,
    kind: 'PERCENT',
    basis_points: 5_000,
    starts_on: '2026-08-01',
    reason: 'Beca de hermanos',
  });
  const run = await callBilling('/book-keeper/massive_concept_assignments/', {
    school_id: SCHOOL_ID,
    concept_id: concept.id,
    period: '2026-09',
  });
  expect(run.created_orders).toBe(2);

  const invoices = () =>
    invoicing.underTest.service.db.query.invoices.findMany({
      where: (t, { eq }) => eq(t.sourceId, `${run.id}:1`),
    });
  const recorded = await waitFor(async () => {
    const list = await invoices();
    return list.length === 2 ? list : undefined;
  }, 30_000);
  const byStudent = new Map(recorded.map((i) => [i.studentId, i]));
  expect(byStudent.get(ana.student_id)).toMatchObject({
    sourceKind: 'billing',
    method: null,
    part: 'tuition',
    totalCentavos: 485_000,
  });
  expect(byStudent.get(luis.student_id)!.totalCentavos).toBe(242_500);
});

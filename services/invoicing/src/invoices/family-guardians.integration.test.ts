/**
 * Both parents see the family's invoices (docs/adr/0023): a guardian linked to the student
 * (the snapshot's guardian_ids) who neither is its billing guardian nor paid sees the
 * invoice and downloads it; the invoice is still made out to the billing guardian; another
 * family still gets 404, and so does a parent once unlinked.
 */
import { guardianCreatedV1 } from '@cuota/contracts/events/enrolment.guardian.created.v1';
import { studentCreatedV1 } from '@cuota/contracts/events/enrolment.student.created.v1';
import { studentUpdatedV1 } from '@cuota/contracts/events/enrolment.student.updated.v1';
import { payinSucceededV1 } from '@cuota/contracts/events/payments.payin.succeeded.v1';
import { invoiceUrlsSchema } from '@cuota/contracts/invoicing/invoices';
import { waitFor } from '@cuota/testing/wait-for';
import type { InvoiceRow } from './invoice-repository';
import {
  colegiatura,
  guardian,
  guardianClaims,
  payin,
  saveSchoolFiscalEntity,
  startInvoicingTestSystem,
  student,
  uuidOf,
  type InvoicingTestSystem,
} from '../test-support/invoicing-test-system';

jest.setTimeout(60_000);

const BILLING = 1;
const SECOND_PARENT = 2;
const OTHER_FAMILY = 5;

let system: InvoicingTestSystem;
let stamped: InvoiceRow;
const renata = student(1, {
  billing_guardian_id: uuidOf(BILLING),
  guardian_ids: [uuidOf(BILLING), uuidOf(SECOND_PARENT)],
});
const order = colegiatura(renata.student_id);

/** What a guardian gets of the order's invoice: its links, its XML and its PDF. */
async function statusesFor(n: number) {
  return Promise.all(
    [
      `/api/v1/students/${renata.student_id}/orders/${order.order_id}/invoice_urls/`,
      `/api/v1/invoices/${stamped.id}/xml/`,
      `/api/v1/invoices/${stamped.id}/pdf/`,
    ].map(async (path) => (await system.call(path, guardianClaims(n))).status),
  );
}

/** Publishes the student as enrolment would and waits until invoicing has that version. */
async function publishStudent(
  data: typeof renata,
  check: (row: Record<string, unknown>) => boolean,
) {
  await system.publish(studentUpdatedV1, data);
  await waitFor(async () => {
    const { rows } = await system.invoicing.db.$client.query(
      'SELECT first_name, guardian_ids FROM student_directory WHERE student_id = $1',
      [data.student_id],
    );
    return rows[0] ? check(rows[0]) : false;
  });
}

beforeAll(async () => {
  system = await startInvoicingTestSystem();
  await saveSchoolFiscalEntity(system);
  await system.registerTaxpayer('COSC8001137NA', 'CARLOS ORTEGA SALAZAR', '06600', ['605']);
  for (const g of [
    guardian(BILLING),
    guardian(SECOND_PARENT, { first_name: 'Laura', tax_id: null, billing_name: null }),
    guardian(OTHER_FAMILY, { tax_id: null }),
  ])
    await system.publish(guardianCreatedV1, g);
  await system.publish(studentCreatedV1, renata);
  await waitFor(async () => {
    const { rows } = await system.invoicing.db.$client.query(
      'SELECT guardian_ids FROM student_directory WHERE student_id = $1',
      [renata.student_id],
    );
    return rows[0]?.guardian_ids.length === 2;
  });
  const paid = payin({ guardian_id: uuidOf(BILLING), allocations: [order] });
  await system.publish(payinSucceededV1, paid);
  stamped = await system.settled(paid.payin_id, renata.student_id);
});

afterAll(() => system?.stop());

test('the second parent sees and downloads the invoice, made out to the billing guardian', async () => {
  expect(stamped).toMatchObject({
    status: 'success',
    billingGuardianId: uuidOf(BILLING),
    receptorRfc: 'COSC8001137NA',
  });
  expect(await statusesFor(SECOND_PARENT)).toEqual([200, 200, 200]);
  const urls = await system.call(
    `/api/v1/students/${renata.student_id}/orders/${order.order_id}/invoice_urls/`,
    guardianClaims(SECOND_PARENT),
  );
  expect(invoiceUrlsSchema.parse(await urls.json())).toMatchObject({
    status: 'success',
    invoice_id: stamped.id,
  });
  expect(await statusesFor(BILLING)).toEqual([200, 200, 200]);
});

test('a guardian of another family still gets 404', async () => {
  expect(await statusesFor(OTHER_FAMILY)).toEqual([404, 404, 404]);
});

test('an older snapshot without guardian_ids keeps the links; unlinking removes the access', async () => {
  const { guardian_ids: _links, ...older } = renata;
  await publishStudent({ ...older, first_name: 'Renata' }, (r) => r.first_name === 'Renata');
  expect(await statusesFor(SECOND_PARENT)).toEqual([200, 200, 200]);

  await publishStudent(
    { ...renata, guardian_ids: [uuidOf(BILLING)] },
    (r) => (r.guardian_ids as string[]).length === 1,
  );
  expect(await statusesFor(SECOND_PARENT)).toEqual([404, 404, 404]);
  expect(await statusesFor(BILLING)).toEqual([200, 200, 200]);
});

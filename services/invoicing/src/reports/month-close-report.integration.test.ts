import { invoicingCloseRequest } from '@cuota/contracts/billing/month-close-report';
import { guardianCreatedV1 } from '@cuota/contracts/events/enrolment.guardian.created.v1';
import { studentCreatedV1 } from '@cuota/contracts/events/enrolment.student.created.v1';
import { payinSucceededV1 } from '@cuota/contracts/events/payments.payin.succeeded.v1';
import { requestReply } from '@cuota/messaging/request-reply';
import { mexicoCityDate } from '@cuota/service-runtime/time/mexico-city-date';
import { waitFor } from '@cuota/testing/wait-for';
import {
  OTHER_SCHOOL_ID,
  SCHOOL_ID,
  colegiatura,
  guardian,
  payin,
  saveSchoolFiscalEntity,
  staffOf,
  startInvoicingTestSystem,
  student,
  type InvoicingTestSystem,
} from '../test-support/invoicing-test-system';

jest.setTimeout(60_000);

let system: InvoicingTestSystem;
const ana = student(1);
const today = mexicoCityDate(new Date());
const month = { from: `${today.slice(0, 8)}01`, to: today };

/** Two stamped invoices for Ana this month and one the PAC keeps refusing. */
beforeAll(async () => {
  system = await startInvoicingTestSystem();
  await saveSchoolFiscalEntity(system);
  await system.registerTaxpayer('COSC8001137NA', 'CARLOS ORTEGA SALAZAR', '06600', ['605']);
  await system.publish(guardianCreatedV1, guardian(1));
  await system.publish(studentCreatedV1, ana);
  await waitFor(async () => {
    const { rows } = await system.invoicing.db.$client.query(
      'SELECT count(*)::int AS n FROM student_directory',
    );
    return rows[0].n === 1;
  });
  for (const base of [1_000_00, 2_500_00]) {
    const paid = payin({ allocations: [colegiatura(ana.student_id, { base_centavos: base })] });
    await system.publish(payinSucceededV1, paid);
    await system.settled(paid.payin_id, ana.student_id);
  }
  await system.pacBehaviour({ fail_next_stamps: 1000 });
  const refused = payin({ allocations: [colegiatura(ana.student_id, { period: '2026-10' })] });
  await system.publish(payinSucceededV1, refused);
  await waitFor(async () => {
    const [row] = await system.invoicesOf(refused.payin_id);
    return row && row.attempts > 0;
  });
});
afterAll(() => system?.stop());

const close = (schoolId = SCHOOL_ID) =>
  requestReply(system.invoicing.nc, system.invoicing.ns, invoicingCloseRequest, {
    school_id: schoolId,
    ...month,
  });

test("the month's CFDI equal the stamped invoices Facturas lists; refused ones are not issued", async () => {
  const res = await system.call(
    `/api/v1/dashboard/schools/${SCHOOL_ID}/invoices/?page_size=100`,
    staffOf(SCHOOL_ID, 'ACCOUNTANT'),
  );
  const listed = ((await res.json()) as { results: { status: string; total_centavos: number }[] })
    .results;
  const stamped = listed.filter((i) => i.status === 'success');
  expect(stamped).toHaveLength(2);
  expect(listed).toHaveLength(3); // the refused one waits for the PAC, unstamped
  expect((await close()).documents).toEqual([
    {
      document: 'invoice',
      issued: stamped.length,
      total_centavos: stamped.reduce((s, i) => s + i.total_centavos, 0),
      canceled: 0,
    },
  ]);
});

test('another school, or another month, has none of them', async () => {
  expect((await close(OTHER_SCHOOL_ID)).documents).toEqual([]);
  const lastYear = await requestReply(
    system.invoicing.nc,
    system.invoicing.ns,
    invoicingCloseRequest,
    { school_id: SCHOOL_ID, from: '2025-01-01', to: '2025-01-31' },
  );
  expect(lastYear.documents).toEqual([]);
});

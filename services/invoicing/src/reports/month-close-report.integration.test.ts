import { randomUUID } from 'node:crypto';
import { invoicingCloseRequest } from '@cuota/contracts/billing/month-close-report';
import { guardianCreatedV1 } from '@cuota/contracts/events/enrolment.guardian.created.v1';
import { studentCreatedV1 } from '@cuota/contracts/events/enrolment.student.created.v1';
import { payinReversedV1 } from '@cuota/contracts/events/payments.payin.reversed.v1';
import { payinSucceededV1 } from '@cuota/contracts/events/payments.payin.succeeded.v1';
import type { Invoice } from '@cuota/contracts/invoicing/invoices';
import type { Allocation } from '@cuota/contracts/payments/payins';
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

jest.setTimeout(120_000);

let system: InvoicingTestSystem;
const ana = student(1);
const bruno = student(2, { first_name: 'Bruno', level: 'middle' });
const today = mexicoCityDate(new Date());
const month = { from: `${today.slice(0, 8)}01`, to: today };
const owner = staffOf(SCHOOL_ID, 'OWNER');

const invoicesOf = (sourceId: string) =>
  system.invoicing.db.query.invoices.findMany({ where: (t, { eq }) => eq(t.sourceId, sourceId) });
const stamped = (id: string, status: 'success' | 'canceled' = 'success') =>
  waitFor(async () => {
    const row = await system.invoicing.db.query.invoices.findFirst({
      where: (t, { eq }) => eq(t.id, id),
    });
    return row?.status === status ? row : undefined;
  }, 30_000);

async function pay(allocations: Allocation[]): Promise<string> {
  const paid = payin({ allocations });
  await system.publish(payinSucceededV1, paid);
  for (const a of allocations) await system.settled(paid.payin_id, a.student_id);
  return paid.payin_id;
}

/** A partial refund of a payin: a credit note per invoice it touches; their ids, once stamped. */
async function refund(payinId: string, allocations: Allocation[]): Promise<string[]> {
  const reversalId = randomUUID();
  await system.publish(payinReversedV1, {
    reversal_id: reversalId,
    payin_id: payinId,
    school_id: SCHOOL_ID,
    kind: 'refund',
    whole: false,
    amount_centavos: allocations.reduce((s, a) => s + a.base_centavos + a.late_fee_centavos, 0),
    allocations,
    credit_reversed_centavos: 0,
    reason: 'Reembolso solicitado por la familia',
    reversed_at: new Date().toISOString(),
    reversed_by: 'user-OWNER',
  });
  const notes = await waitFor(async () => {
    const rows = await invoicesOf(reversalId);
    return rows.length === new Set(allocations.map((a) => a.concept_type)).size ? rows : undefined;
  });
  return Promise.all(notes.map(async (n) => (await stamped(n.id)).id));
}

/**
 * Ana (primaria) paid two colegiaturas, Bruno (secundaria) a colegiatura and a transport fee
 * with its late fee; part of one of Ana's and both of Bruno's came back as three credit notes,
 * Bruno's colegiatura note cancelled since. Then the PAC refuses a last payment.
 */
beforeAll(async () => {
  system = await startInvoicingTestSystem();
  await saveSchoolFiscalEntity(system);
  await system.registerTaxpayer('COSC8001137NA', 'CARLOS ORTEGA SALAZAR', '06600', ['605']);
  await system.publish(guardianCreatedV1, guardian(1));
  await system.publish(studentCreatedV1, ana);
  await system.publish(studentCreatedV1, bruno);
  await waitFor(async () => {
    const { rows } = await system.invoicing.db.$client.query(
      'SELECT count(*)::int AS n FROM student_directory',
    );
    return rows[0].n === 2;
  });
  await pay([colegiatura(ana.student_id, { base_centavos: 1_000_00 })]);
  const anaTuition = colegiatura(ana.student_id, { base_centavos: 2_500_00 });
  const anas = await pay([anaTuition]);
  const brunoTuition = colegiatura(bruno.student_id, { base_centavos: 3_000_00 });
  const transport = colegiatura(bruno.student_id, {
    concept_name: 'Transporte',
    concept_type: 'TRANSPORT',
    base_centavos: 800_00,
    late_fee_centavos: 100_00,
  });
  const brunos = await pay([brunoTuition, transport]);
  await refund(anas, [{ ...anaTuition, base_centavos: 400_00 }]);
  const brunoNotes = await refund(brunos, [
    { ...brunoTuition, base_centavos: 500_00 },
    { ...transport, base_centavos: 300_00 },
  ]);
  const [tuitionNote] = await system.invoicing.db.query.invoices.findMany({
    where: (t, { and, eq, inArray }) => and(inArray(t.id, brunoNotes), eq(t.part, 'tuition')),
  });
  const res = await system.call('/backoffice/invoicing/cancel/', owner, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      school_id: SCHOOL_ID,
      action: 'cancel',
      invoice_id: tuitionNote!.id,
      motive: '02',
    }),
  });
  expect(res.status).toBe(200);
  await stamped(tuitionNote!.id, 'canceled');
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

/** Every invoice of the school as Facturas lists it (the source the close must equal). */
async function facturas(): Promise<Invoice[]> {
  const res = await system.call(
    `/api/v1/dashboard/schools/${SCHOOL_ID}/invoices/?page_size=100`,
    staffOf(SCHOOL_ID, 'ACCOUNTANT'),
  );
  return ((await res.json()) as { results: Invoice[] }).results;
}

const sum = (rows: { total_centavos: number }[]) => rows.reduce((s, i) => s + i.total_centavos, 0);

test("the month's CFDI equal the stamped invoices Facturas lists; refused ones are not issued", async () => {
  const listed = await facturas();
  const wasStamped = listed.filter((i) => i.uuid !== null);
  const of = (document: Invoice['document']) => wasStamped.filter((i) => i.document === document);
  expect(of('invoice')).toHaveLength(4); // Ana's two; Bruno's colegiatura and transport
  expect(of('credit_note')).toHaveLength(3);
  expect(listed).toHaveLength(8); // the refused one waits for the PAC, unstamped
  expect((await close()).documents).toEqual([
    { document: 'invoice', issued: 4, total_centavos: sum(of('invoice')), canceled: 0 },
    { document: 'credit_note', issued: 3, total_centavos: sum(of('credit_note')), canceled: 1 },
  ]);
});

test('credit notes by concept and level add up to the credit notes Facturas lists', async () => {
  const { credit_notes } = await close();
  expect(credit_notes).toHaveLength(3);
  expect(credit_notes).toEqual(
    expect.arrayContaining([
      {
        concept_name: 'Colegiatura',
        level: 'elementary',
        credited_centavos: 400_00,
        canceled_centavos: 0,
      },
      {
        concept_name: 'Colegiatura',
        level: 'middle',
        credited_centavos: 500_00,
        canceled_centavos: 500_00,
      },
      // The late fee goes back with the concept it was charged on.
      {
        concept_name: 'Transporte',
        level: 'middle',
        credited_centavos: 400_00,
        canceled_centavos: 0,
      },
    ]),
  );
  const notes = (await facturas()).filter((i) => i.document === 'credit_note');
  expect(credit_notes.reduce((s, r) => s + r.credited_centavos, 0)).toBe(sum(notes));
  const canceled = notes.filter((i) => i.status === 'canceled');
  expect(credit_notes.reduce((s, r) => s + r.canceled_centavos, 0)).toBe(sum(canceled));
});

test('another school, or another month, has none of them', async () => {
  expect(await close(OTHER_SCHOOL_ID)).toEqual({ documents: [], credit_notes: [] });
  const lastYear = await requestReply(
    system.invoicing.nc,
    system.invoicing.ns,
    invoicingCloseRequest,
    { school_id: SCHOOL_ID, from: '2025-01-01', to: '2025-01-31' },
  );
  expect(lastYear).toEqual({ documents: [], credit_notes: [] });
});

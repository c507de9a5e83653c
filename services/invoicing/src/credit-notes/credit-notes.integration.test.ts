/**
 * Money given back after invoicing (ADR 0037), from payments' and billing's events on real
 * NATS: a partial refund or a later reversal is a credit note (E, TipoRelacion 01, the income
 * UUID) stamped through the PAC sandbox and valid by SAT's XSD and XSLT; a whole reversal the
 * same month cancels (motive 03); a lowered order total credits the excess; each exactly once.
 */
import { randomUUID } from 'node:crypto';
import {
  orderAdjustedV1,
  type OrderAdjusted,
} from '@cuota/contracts/events/billing.order.adjusted.v1';
import {
  ordersAdjustedParts,
  ordersAdjustedV1,
} from '@cuota/contracts/events/billing.orders.adjusted.v1';
import { guardianCreatedV1 } from '@cuota/contracts/events/enrolment.guardian.created.v1';
import { studentCreatedV1 } from '@cuota/contracts/events/enrolment.student.created.v1';
import {
  payinReversedV1,
  type PayinReversed,
} from '@cuota/contracts/events/payments.payin.reversed.v1';
import { payinSucceededV1 } from '@cuota/contracts/events/payments.payin.succeeded.v1';
import { invoiceSchema } from '@cuota/contracts/invoicing/invoices';
import type { StaffRole } from '@cuota/contracts/enrolment/entities';
import type { Allocation } from '@cuota/contracts/payments/payins';
import { waitFor } from '@cuota/testing/wait-for';
import { parseStampedCfdi } from '../cfdi/stamped-cfdi';
import { satWorkspace, type SatWorkspace } from '../cfdi/sat-tools';
import type { InvoiceRow } from '../invoices/invoice-repository';
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
import { ALREADY_CREDITED, ONLY_STAMPED_CREDIT } from '../cancellations/cancel-invoice';

jest.setTimeout(120_000);

let system: InvoicingTestSystem;
let sat: SatWorkspace;
const ana = student(1);

const notesOf = (invoiceId: string) =>
  system.invoicing.db.query.invoices.findMany({
    where: (t, { and, eq }) =>
      and(eq(t.relatedInvoiceId, invoiceId), eq(t.document, 'credit_note')),
  });
const stampedNotesOf = (invoiceId: string, count = 1) =>
  waitFor(async () => {
    const notes = await notesOf(invoiceId);
    // An assertion, so a timeout says where the notes stand.
    expect(notes.map((n) => [n.status, n.errorMessage])).toEqual(
      Array(count).fill(['success', null]),
    );
    return notes;
  }, 30_000);
const invoiceNow = async (id: string) =>
  (await system.invoicing.db.query.invoices.findFirst({ where: (t, { eq }) => eq(t.id, id) }))!;

async function paid(allocations: Allocation[]): Promise<{ invoice: InvoiceRow; payinId: string }> {
  const event = payin({ allocations });
  await system.publish(payinSucceededV1, event);
  const invoice = await system.settled(event.payin_id, ana.student_id);
  expect(invoice.status).toBe('success');
  return { invoice, payinId: event.payin_id };
}

function reversal(payinId: string, over: Partial<PayinReversed>): PayinReversed {
  return {
    reversal_id: randomUUID(),
    payin_id: payinId,
    school_id: SCHOOL_ID,
    kind: 'refund',
    whole: false,
    amount_centavos: 1,
    allocations: [],
    credit_reversed_centavos: 0,
    reason: 'Reembolso solicitado por la familia',
    reversed_at: new Date().toISOString(),
    reversed_by: 'user-OWNER',
    ...over,
  };
}

/** The stamped credit note passes SAT's XSD, and its seal verifies over SAT's cadena original. */
async function expectValidBySat(xml: string): Promise<void> {
  const { validates, seal } = await sat.verdict(xml, parseStampedCfdi(xml).comprobante);
  if (validates !== true) throw new Error(`xmllint rechazó la nota de crédito:\n${validates}`);
  expect(seal).toBe('Verified OK');
}

beforeAll(async () => {
  sat = await satWorkspace('credit-notes-');
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
});

afterAll(async () => {
  await system?.stop();
  await sat?.remove();
});

test('a partial refund: one credit note (E, 01, the UUID), valid by SAT, however often it arrives', async () => {
  const tuition = colegiatura(ana.student_id);
  const { invoice, payinId } = await paid([tuition]);
  const event = reversal(payinId, {
    amount_centavos: 1_000_00,
    allocations: [{ ...tuition, base_centavos: 1_000_00 }],
  });
  await system.republish(await system.publish(payinReversedV1, event));
  await system.publish(payinReversedV1, event); // the same reversal in a new envelope
  const [note] = await stampedNotesOf(invoice.id);
  expect(note).toMatchObject({
    totalCentavos: 1_000_00,
    sourceKind: 'reversal',
    receptorRfc: 'COSC8001137NA',
  });
  const { comprobante } = parseStampedCfdi(note!.stampedXml!);
  expect(comprobante).toMatchObject({
    TipoDeComprobante: 'E',
    Total: '1000.00',
    MetodoPago: 'PUE',
    FormaPago: '04',
    CfdiRelacionados: [{ TipoRelacion: '01', UUIDs: [invoice.uuid] }],
    Receptor: { Rfc: 'COSC8001137NA', UsoCFDI: 'S01' },
  });
  expect(comprobante.Conceptos[0]!.Descripcion).toMatch(/^Devolución: Colegiatura/);
  expect(comprobante.Conceptos[0]!.instEducativas).toBeUndefined();
  await expectValidBySat(note!.stampedXml!);
  // SAT now refuses to cancel the income CFDI while its credit note is vigente.
  expect(system.pac.state.stamp(note!.uuid!)!.related_uuids).toEqual([invoice.uuid]);
  expect(await notesOf(invoice.id)).toHaveLength(1);
});

test('a whole reversal the month it was stamped cancels the CFDI (motive 03), once', async () => {
  const { invoice, payinId } = await paid([colegiatura(ana.student_id, { period: '2026-10' })]);
  const event = reversal(payinId, {
    kind: 'void',
    whole: true,
    amount_centavos: invoice.totalCentavos,
    allocations: invoice.lines.map((l) => ({ ...l, student_id: ana.student_id })),
  });
  const before = system.pac.cancellations.received;
  await system.republish(await system.publish(payinReversedV1, event));
  await waitFor(async () => (await invoiceNow(invoice.id)).status === 'canceled', 30_000);
  expect(system.pac.cancellations.received - before).toBe(1);
  expect(system.pac.state.stamp(invoice.uuid!)).toMatchObject({ motivo_cancelacion: '03' });
  expect(await notesOf(invoice.id)).toHaveLength(0);
});

test('a whole reversal of a CFDI stamped last month is a credit note for all of it', async () => {
  const { invoice, payinId } = await paid([colegiatura(ana.student_id, { period: '2026-11' })]);
  const lastMonth = new Date(Date.now() - 40 * 24 * 3600_000);
  await system.invoicing.db.$client.query('UPDATE invoices SET stamped_at = $1 WHERE id = $2', [
    lastMonth,
    invoice.id,
  ]);
  await system.publish(
    payinReversedV1,
    reversal(payinId, {
      whole: true,
      amount_centavos: invoice.totalCentavos,
      allocations: invoice.lines.map((l) => ({ ...l, student_id: ana.student_id })),
    }),
  );
  const [note] = await stampedNotesOf(invoice.id);
  expect(note!.totalCentavos).toBe(invoice.totalCentavos);
  expect((await invoiceNow(invoice.id)).status).toBe('success');
});

test('a scholarship after invoicing: a credit note for what was invoiced above the new total', async () => {
  const order = colegiatura(ana.student_id, { period: '2026-12' });
  const { invoice } = await paid([order]);
  const adjusted: OrderAdjusted = {
    adjustment_id: randomUUID(),
    order_id: order.order_id,
    school_id: SCHOOL_ID,
    student_id: ana.student_id,
    concept_id: order.concept_id,
    concept_type: 'MONTHLY_FEE',
    period: order.period,
    kind: 'scholarship',
    previous_total_centavos: order.base_centavos,
    new_total_centavos: order.base_centavos - 1_212_50,
    reason: 'Beca 25 %',
    adjusted_at: new Date().toISOString(),
    adjusted_by: 'user-OWNER',
  };
  await system.republish(await system.publish(orderAdjustedV1, adjusted));
  const [note] = await stampedNotesOf(invoice.id);
  expect(note).toMatchObject({ totalCentavos: 1_212_50, sourceKind: 'adjustment' });
  await expectValidBySat(note!.stampedXml!);
  // A second, smaller scholarship credits only the new difference, also when it comes in a
  // massive scholarship's billing.orders.adjusted (ADR 0053), delivered twice.
  const { school_id, kind, reason, adjusted_by, ...item } = {
    ...adjusted,
    adjustment_id: randomUUID(),
    previous_total_centavos: adjusted.new_total_centavos,
    new_total_centavos: adjusted.new_total_centavos - 500_00,
  };
  const [part] = ordersAdjustedParts({ school_id, kind, reason, adjusted_by }, [item]);
  await system.republish(await system.publish(ordersAdjustedV1, part!));
  const notes = await stampedNotesOf(invoice.id, 2);
  expect(notes.map((n) => n.totalCentavos).sort((a, b) => a - b)).toEqual([500_00, 1_212_50]);
});

test('staff emit a credit note for what is left of a stamped invoice, once', async () => {
  const { invoice } = await paid([colegiatura(ana.student_id, { period: '2027-01' })]);
  const ask = () =>
    system.call('/backoffice/invoicing/cancel/', staffOf(SCHOOL_ID, 'ACCOUNTANT'), {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        school_id: SCHOOL_ID,
        invoice_id: invoice.id,
        action: 'emit_credit_note',
      }),
    });
  const res = await ask();
  expect(res.status).toBe(200);
  expect(invoiceSchema.parse(await res.json())).toMatchObject({
    status: 'success',
    document: 'invoice',
  });
  const [note] = await stampedNotesOf(invoice.id);
  expect(note!.totalCentavos).toBe(invoice.totalCentavos);
  const again = await ask();
  expect(again.status).toBe(409);
  expect(JSON.stringify(await again.json())).toContain(ALREADY_CREDITED);
});

describe('POST …/invoices/{invoice}/credit_note/ (Facturas)', () => {
  const path = (invoiceId: string, schoolId = SCHOOL_ID) =>
    `/api/v1/dashboard/schools/${schoolId}/invoices/${invoiceId}/credit_note/`;
  const post = (invoiceId: string, role: StaffRole = 'ACCOUNTANT', schoolId = SCHOOL_ID) =>
    system.call(path(invoiceId, schoolId), staffOf(schoolId, role), { method: 'POST' });

  test('answers the credit note for what is left; it is stamped and valid by SAT; then a 409', async () => {
    const { invoice } = await paid([colegiatura(ana.student_id, { period: '2027-02' })]);
    const res = await post(invoice.id);
    expect(res.status).toBe(200);
    const note = invoiceSchema.parse(await res.json());
    expect(note).toMatchObject({
      document: 'credit_note',
      related_invoice_id: invoice.id,
      total_centavos: invoice.totalCentavos,
      status: 'pending',
    });
    const [stamped] = await stampedNotesOf(invoice.id);
    expect(stamped!.id).toBe(note.id);
    await expectValidBySat(stamped!.stampedXml!);
    const again = await post(invoice.id);
    expect(again.status).toBe(409);
    expect(JSON.stringify(await again.json())).toContain(ALREADY_CREDITED);
  });

  test('a credit note, a cancelled or unstamped invoice: a Spanish 409; nothing recorded', async () => {
    const { invoice } = await paid([colegiatura(ana.student_id, { period: '2027-03' })]);
    await post(invoice.id);
    const [note] = await stampedNotesOf(invoice.id);
    const res = await post(note!.id);
    expect(res.status).toBe(409);
    expect(JSON.stringify(await res.json())).toContain(ONLY_STAMPED_CREDIT);
    expect(await notesOf(note!.id)).toEqual([]);
  });

  test('a treasurer (read only) gets 403, another school 404, nothing recorded', async () => {
    const { invoice } = await paid([colegiatura(ana.student_id, { period: '2027-04' })]);
    expect((await post(invoice.id, 'TREASURER')).status).toBe(403);
    expect((await post(invoice.id, 'ACCOUNTANT', OTHER_SCHOOL_ID)).status).toBe(404);
    expect(await notesOf(invoice.id)).toEqual([]);
  });
});

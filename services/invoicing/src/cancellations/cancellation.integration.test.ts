/**
 * Cancelling an invoice through the PAC sandbox (ADR 0037): one request to SAT however many
 * times it is asked, SAT's acceptance rules (at once, or the receptor accepts or rejects), a
 * never-stamped invoice withdrawn without the PAC, and who may ask.
 */
import { guardianCreatedV1 } from '@cuota/contracts/events/enrolment.guardian.created.v1';
import { studentCreatedV1 } from '@cuota/contracts/events/enrolment.student.created.v1';
import { payinSucceededV1 } from '@cuota/contracts/events/payments.payin.succeeded.v1';
import { apiErrorSchema } from '@cuota/contracts/common/api-error';
import { invoiceSchema } from '@cuota/contracts/invoicing/invoices';
import { waitFor } from '@cuota/testing/wait-for';
import type { InvoiceRow } from '../invoices/invoice-repository';
import {
  OTHER_SCHOOL_ID,
  SCHOOL_ID,
  colegiatura,
  controlPac,
  guardian,
  guardianClaims,
  payin,
  saveSchoolFiscalEntity,
  staffOf,
  startInvoicingTestSystem,
  student,
  uuidOf,
  type InvoicingTestSystem,
} from '../test-support/invoicing-test-system';
import { invoiceCancellabilitySchema } from '@cuota/contracts/invoicing/cancellations';
import { AWAITING_RECEPTOR, RECEPTOR_REJECTED } from './cancellation-rules';
import { NOT_STAMPED } from './cancellation-handlers';
import { BAD_SUBSTITUTE } from './cancel-invoice';

jest.setTimeout(90_000);

const DAY_MS = 24 * 3600_000;
let pacClockOffsetMs = 0;
let system: InvoicingTestSystem;
const ana = student(1);
const owner = staffOf(SCHOOL_ID, 'OWNER');
const CANCEL = '/backoffice/invoicing/cancel/';

/** Bad input on purpose too: any body, over the school's own staff by default. */
const ask = (body: Record<string, unknown>, claims = owner) =>
  system.call(CANCEL, claims, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ school_id: SCHOOL_ID, action: 'cancel', ...body }),
  });
const errorOf = async (res: Response) => apiErrorSchema.parse(await res.json()).error;
const invoiceNow = async (id: string) =>
  (await system.invoicing.db.query.invoices.findFirst({ where: (t, { eq }) => eq(t.id, id) }))!;
const untilStatus = (id: string, status: InvoiceRow['status']) =>
  waitFor(async () => {
    const row = await invoiceNow(id);
    return row.status === status ? row : undefined;
  }, 20_000);
const cancellationsOf = (invoiceId: string) =>
  system.invoicing.db.query.invoiceCancellations.findMany({
    where: (t, { eq }) => eq(t.invoiceId, invoiceId),
  });

async function stampedInvoice(pesos = 4_850): Promise<InvoiceRow> {
  const paid = payin({
    allocations: [colegiatura(ana.student_id, { base_centavos: pesos * 100 })],
  });
  await system.publish(payinSucceededV1, paid);
  const row = await system.settled(paid.payin_id, ana.student_id);
  expect(row.status).toBe('success');
  return row;
}

beforeAll(async () => {
  system = await startInvoicingTestSystem({
    pacNow: () => new Date(Date.now() + pacClockOffsetMs),
  });
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

afterEach(() => {
  pacClockOffsetMs = 0;
});

afterAll(() => system?.stop());

test('cancelled the day it was stamped: SAT needs no acceptance, «Cancelada»', async () => {
  const invoice = await stampedInvoice();
  const res = await ask({ invoice_id: invoice.id, motive: '02', reason: 'RFC equivocado' });
  expect(res.status).toBe(200);
  expect(invoiceSchema.parse(await res.json())).toMatchObject({ status: 'canceling' });
  const canceled = await untilStatus(invoice.id, 'canceled');
  expect(canceled.cancellationNote).toBe('Cancelada sin aceptación del receptor.');
  expect(system.pac.state.stamp(invoice.uuid!)).toMatchObject({
    status: 'cancelado',
    motivo_cancelacion: '02',
    cancellation_status: 'cancelado_sin_aceptacion',
  });
  const [cancellation] = await cancellationsOf(invoice.id);
  expect(cancellation).toMatchObject({
    state: 'canceled',
    folioStatus: '201',
    reason: 'RFC equivocado',
  });
  expect(cancellation!.acuse).toContain(invoice.uuid!);
});

test('asked 20 times at once: one request reaches the PAC, every answer is the same', async () => {
  const invoice = await stampedInvoice();
  const before = system.pac.cancellations.received;
  const answers = await Promise.all(
    Array.from({ length: 20 }, () => ask({ invoice_id: invoice.id, motive: '03' })),
  );
  expect(answers.map((r) => r.status)).toEqual(Array(20).fill(200));
  await untilStatus(invoice.id, 'canceled');
  expect(system.pac.cancellations.received - before).toBe(1);
  expect(await cancellationsOf(invoice.id)).toHaveLength(1);
  // Asked again once cancelled: nothing new is sent.
  expect((await ask({ invoice_id: invoice.id, motive: '03' })).status).toBe(200);
  expect(system.pac.cancellations.received - before).toBe(1);
});

test('days later SAT asks the receptor: «En cancelación», then rejected or accepted', async () => {
  const invoice = await stampedInvoice();
  await controlPac(system.pac.url, 'PUT', '/behaviour', { cancellation_delay_ms: 10 * DAY_MS });
  pacClockOffsetMs = 5 * DAY_MS; // past the business day after stamping, whatever the weekday
  await ask({ invoice_id: invoice.id, motive: '02' });
  await waitFor(async () => (await cancellationsOf(invoice.id))[0]?.state === 'in_process');
  expect(await invoiceNow(invoice.id)).toMatchObject({
    status: 'canceling',
    cancellationNote: AWAITING_RECEPTOR,
  });

  await controlPac(system.pac.url, 'POST', `/cancellations/${invoice.uuid}/reject`, {});
  const rejected = await untilStatus(invoice.id, 'success');
  expect(rejected.cancellationNote).toBe(RECEPTOR_REJECTED);

  await ask({ invoice_id: invoice.id, motive: '02' });
  await waitFor(async () =>
    (await cancellationsOf(invoice.id)).some((c) => c.state === 'in_process'),
  );
  await controlPac(system.pac.url, 'POST', `/cancellations/${invoice.uuid}/accept`, {});
  const canceled = await untilStatus(invoice.id, 'canceled');
  expect(canceled.cancellationNote).toBe('Cancelada: el receptor aceptó la cancelación.');
  expect((await cancellationsOf(invoice.id)).map((c) => c.state).sort()).toEqual([
    'canceled',
    'rejected',
  ]);
});

describe('before cancelling, staff read SAT’s EsCancelable (ADR 0090)', () => {
  const cancellability = (invoice: InvoiceRow, claims = owner, school = SCHOOL_ID) =>
    system.call(
      `/api/v1/dashboard/schools/${school}/invoices/${invoice.id}/cancellability/`,
      claims,
    );
  const cancellableOf = async (invoice: InvoiceRow) => {
    const res = await cancellability(invoice);
    expect(res.status).toBe(200);
    return invoiceCancellabilitySchema.parse(await res.json());
  };

  test('the day it was stamped: «Cancelable sin aceptación»; days later: «con aceptación»', async () => {
    const invoice = await stampedInvoice();
    expect(await cancellableOf(invoice)).toEqual({
      cancellable: 'without_acceptance',
      message: 'Cancelable sin aceptación: el SAT la cancela en cuanto lo solicites.',
    });
    pacClockOffsetMs = 5 * DAY_MS;
    expect(await cancellableOf(invoice)).toMatchObject({
      cancellable: 'with_acceptance',
      message: expect.stringMatching(/^Cancelable con aceptación: el SAT pedirá al receptor/),
    });
    // Asking SAT is not cancelling: the invoice stands and nothing was requested.
    expect(await cancellationsOf(invoice.id)).toHaveLength(0);
    expect((await invoiceNow(invoice.id)).status).toBe('success');
  });

  test('up to $1,000.00 SAT never asks the receptor, days later too', async () => {
    const small = await stampedInvoice(900);
    pacClockOffsetMs = 5 * DAY_MS;
    expect((await cancellableOf(small)).cancellable).toBe('without_acceptance');
  });

  test('a vigente credit note on it: «No cancelable», cancel it first', async () => {
    const invoice = await stampedInvoice();
    const res = await system.call(
      `/api/v1/dashboard/schools/${SCHOOL_ID}/invoices/${invoice.id}/credit_note/`,
      owner,
      { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' },
    );
    const note = invoiceSchema.parse(await res.json());
    await untilStatus(note.id, 'success');
    expect(await cancellableOf(invoice)).toMatchObject({
      cancellable: 'not_cancellable',
      message: expect.stringMatching(/^No cancelable: tiene notas de crédito/),
    });
  });

  test('an invoice not stamped has nothing to ask SAT: 409', async () => {
    const noCurp = student(3, { curp: null });
    await system.publish(studentCreatedV1, noCurp);
    const paid = payin({ allocations: [colegiatura(noCurp.student_id)] });
    await system.publish(payinSucceededV1, paid);
    const failed = await waitFor(async () => {
      const [row] = await system.invoicesOf(paid.payin_id);
      return row?.status === 'failed' ? row : undefined;
    }, 20_000);
    const res = await cancellability(failed);
    expect(res.status).toBe(409);
    expect((await errorOf(res)).message).toBe(NOT_STAMPED);
  });

  test.each([
    ['a treasurer (invoicing.read only)', staffOf(SCHOOL_ID, 'TREASURER'), SCHOOL_ID, 403],
    ['a guardian', guardianClaims(1), SCHOOL_ID, 403],
    ['staff of another school naming ours', staffOf(OTHER_SCHOOL_ID, 'OWNER'), SCHOOL_ID, 404],
    [
      'staff of another school naming theirs',
      staffOf(OTHER_SCHOOL_ID, 'OWNER'),
      OTHER_SCHOOL_ID,
      404,
    ],
  ])('%s: %#', async (_who, claims, school, status) => {
    const invoice = await stampedInvoice();
    expect((await cancellability(invoice, claims, school)).status).toBe(status);
  });
});

test('motive 01 names a stamped substitute of the school; SAT records it', async () => {
  const [old, substitute] = [await stampedInvoice(), await stampedInvoice()];
  const bad = await ask({ invoice_id: old.id, motive: '01', substitute_uuid: old.uuid! });
  expect(bad.status).toBe(400);
  expect((await errorOf(bad)).message).toBe(BAD_SUBSTITUTE);
  expect(await cancellationsOf(old.id)).toHaveLength(0);

  await ask({ invoice_id: old.id, motive: '01', substitute_uuid: substitute.uuid! });
  await untilStatus(old.id, 'canceled');
  expect(system.pac.state.stamp(old.uuid!)).toMatchObject({
    motivo_cancelacion: '01',
    folio_sustitucion: substitute.uuid,
  });
});

test('an invoice never stamped is withdrawn without the PAC; no_action changes nothing', async () => {
  const noCurp = student(2, { curp: null });
  await system.publish(studentCreatedV1, noCurp);
  const paid = payin({ allocations: [colegiatura(noCurp.student_id)] });
  await system.publish(payinSucceededV1, paid);
  const failed = await waitFor(async () => {
    const [row] = await system.invoicesOf(paid.payin_id);
    return row?.status === 'failed' ? row : undefined;
  }, 20_000);
  const before = system.pac.cancellations.received;

  const kept = await ask({ invoice_id: failed.id, action: 'no_action' });
  expect(invoiceSchema.parse(await kept.json())).toMatchObject({ status: 'failed' });

  const res = await ask({ invoice_id: failed.id, motive: '03' });
  expect(invoiceSchema.parse(await res.json())).toMatchObject({ status: 'canceled' });
  expect(system.pac.cancellations.received).toBe(before);
  expect(await cancellationsOf(failed.id)).toHaveLength(0);
});

describe('who may ask, and bad input', () => {
  let invoice: InvoiceRow;
  beforeAll(async () => {
    invoice = await stampedInvoice();
  });

  test.each([
    [{ motive: undefined }, 'motive', 'Indica el motivo de cancelación.'],
    [{ motive: '05' }, 'motive', 'El motivo de cancelación debe ser 01, 02, 03 o 04.'],
    [
      { motive: '01' },
      'substitute_uuid',
      'El motivo 01 necesita el folio fiscal de la factura que la sustituye.',
    ],
    [
      { motive: '02', substitute_uuid: uuidOf(9) },
      'substitute_uuid',
      'Solo el motivo 01 lleva el folio fiscal de una factura que la sustituye.',
    ],
    [
      { action: 'borrar', motive: '02' },
      'action',
      'La acción debe ser cancel, emit_credit_note o no_action.',
    ],
  ])('%j: 400 in Spanish, nothing written', async (change, field, message) => {
    const res = await ask({ invoice_id: invoice.id, ...change });
    expect(res.status).toBe(400);
    const error = await errorOf(res);
    expect(JSON.stringify(error)).toContain(message);
    expect(JSON.stringify(error)).toContain(field);
    expect(await cancellationsOf(invoice.id)).toHaveLength(0);
    expect((await invoiceNow(invoice.id)).status).toBe('success');
  });

  test.each([
    [
      'a treasurer (invoicing.read only)',
      { school_id: SCHOOL_ID },
      staffOf(SCHOOL_ID, 'TREASURER'),
      403,
    ],
    ['a guardian', { school_id: SCHOOL_ID }, guardianClaims(1), 403],
    [
      'staff of another school naming ours',
      { school_id: SCHOOL_ID },
      staffOf(OTHER_SCHOOL_ID, 'OWNER'),
      404,
    ],
    [
      'staff of another school naming theirs',
      { school_id: OTHER_SCHOOL_ID },
      staffOf(OTHER_SCHOOL_ID, 'OWNER'),
      404,
    ],
  ])('%s: %#', async (_who, body, claims, status) => {
    const res = await ask({ invoice_id: invoice.id, motive: '02', ...body }, claims);
    expect(res.status).toBe(status);
    expect(await cancellationsOf(invoice.id)).toHaveLength(0);
  });
});

/**
 * The backoffice's massive retry and re-emit (ADR 0037), on NATS and the PAC sandbox: a
 * school that took payments before registering its CSD gets them stamped once it does.
 */
import { guardianCreatedV1 } from '@cuota/contracts/events/enrolment.guardian.created.v1';
import { guardianUpdatedV1 } from '@cuota/contracts/events/enrolment.guardian.updated.v1';
import { studentCreatedV1 } from '@cuota/contracts/events/enrolment.student.created.v1';
import { payinSucceededV1 } from '@cuota/contracts/events/payments.payin.succeeded.v1';
import { apiErrorSchema } from '@cuota/contracts/common/api-error';
import type { IdentityClaims } from '@cuota/contracts/identity/identity-claims';
import { invoiceSchema } from '@cuota/contracts/invoicing/invoices';
import { generatedInvoicesSchema } from '@cuota/contracts/invoicing/backoffice-invoicing';
import { massiveInvoiceRetryResultSchema } from '@cuota/contracts/invoicing/backoffice-invoicing';
import { waitFor } from '@cuota/testing/wait-for';
import { NO_FISCAL_ENTITY } from './build-invoice';
import type { InvoiceRow } from './invoice-repository';
import { CANCELED_NO_REEMIT } from './backoffice-invoice-handlers';
import { ALREADY_NOMINATIVE } from './generate-invoices';
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
  uuidOf,
  type InvoicingTestSystem,
} from '../test-support/invoicing-test-system';

jest.setTimeout(120_000);

let system: InvoicingTestSystem;
const failed: InvoiceRow[] = [];
const accountant = staffOf(SCHOOL_ID, 'ACCOUNTANT');

const post = (route: string, who: IdentityClaims, body: unknown) =>
  system.call(route, who, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
const retry = (who: IdentityClaims, body: unknown) =>
  post('/backoffice/massive_invoice_retry/', who, body);
const reEmit = (who: IdentityClaims, body: unknown) =>
  post('/backoffice/invoicing/re-emit/', who, body);
const rowOf = async (id: string) =>
  (await system.invoicing.db.query.invoices.findFirst({ where: (t, { eq }) => eq(t.id, id) }))!;
const stamped = (id: string) =>
  waitFor(async () => {
    const row = await rowOf(id);
    return row.status === 'success' ? row : undefined;
  }, 30_000);

beforeAll(async () => {
  system = await startInvoicingTestSystem();
  await system.registerTaxpayer('COSC8001137NA', 'CARLOS ORTEGA SALAZAR', '06600', ['605']);
  await system.publish(guardianCreatedV1, guardian(1));
  await system.publish(studentCreatedV1, student(1));
  // Two payments before the school registered its razón social and CSD: both fail.
  for (const period of ['2026-09', '2026-10']) {
    const paid = payin({ allocations: [colegiatura(student(1).student_id, { period })] });
    await system.publish(payinSucceededV1, paid);
    failed.push(await system.settled(paid.payin_id, student(1).student_id));
  }
});

afterAll(() => system?.stop());

test('without the CSD they failed, saying why', () => {
  expect(failed.map((f) => [f.status, f.errorMessage])).toEqual([
    ['failed', NO_FISCAL_ENTITY],
    ['failed', NO_FISCAL_ENTITY],
  ]);
});

test('who may: a role without invoicing.write, another school’s staff; bad bodies are 400', async () => {
  const before = system.pac.state.stamps().length;
  expect((await retry(staffOf(SCHOOL_ID, 'TREASURER'), { school_id: SCHOOL_ID })).status).toBe(403);
  const elsewhere = staffOf(OTHER_SCHOOL_ID, 'ACCOUNTANT');
  expect((await retry(elsewhere, { school_id: SCHOOL_ID })).status).toBe(404);
  const body = { school_id: SCHOOL_ID, invoice_id: failed[0]!.id };
  expect((await reEmit(elsewhere, body)).status).toBe(404);
  expect((await reEmit(elsewhere, { ...body, school_id: OTHER_SCHOOL_ID })).status).toBe(404);
  expect((await reEmit(accountant, { ...body, invoice_id: uuidOf(777) })).status).toBe(404);
  const bad = await retry(accountant, { school_id: SCHOOL_ID, invoice_ids: [] });
  expect(bad.status).toBe(400);
  expect(apiErrorSchema.parse(await bad.json()).error.details?.[0]?.message).toBe(
    'Nombra al menos una factura, u omite invoice_ids para reintentar todas.',
  );
  expect((await reEmit(accountant, { school_id: SCHOOL_ID })).status).toBe(400);
  expect((await rowOf(failed[0]!.id)).status).toBe('failed');
  expect(system.pac.state.stamps()).toHaveLength(before);
});

test('once the CSD is in: re-emit one, then the massive retry takes the rest, once', async () => {
  await saveSchoolFiscalEntity(system);
  const [first, second] = failed as [InvoiceRow, InvoiceRow];
  const res = await reEmit(accountant, { school_id: SCHOOL_ID, invoice_id: first.id });
  expect(res.status).toBe(200);
  expect(invoiceSchema.parse(await res.json())).toMatchObject({ id: first.id, status: 'pending' });
  await stamped(first.id);

  const retried = massiveInvoiceRetryResultSchema.parse(
    await (await retry(accountant, { school_id: SCHOOL_ID })).json(),
  );
  expect(retried).toEqual({ retried: 1, invoice_ids: [second.id] });
  await stamped(second.id);
  const again = await retry(accountant, { school_id: SCHOOL_ID, invoice_ids: [second.id] });
  expect(await again.json()).toEqual({ retried: 0, invoice_ids: [] });
});

test('re-emitting a stamped invoice substitutes it (04), then SAT cancels it (01)', async () => {
  const old = await stamped(failed[0]!.id);
  const res = await reEmit(accountant, { school_id: SCHOOL_ID, invoice_id: old.id });
  const substitute = invoiceSchema.parse(await res.json());
  expect(substitute).toMatchObject({ replaces_invoice_id: old.id });
  const row = await stamped(substitute.id);
  await waitFor(async () => (await rowOf(old.id)).status === 'canceled', 30_000);
  expect(system.pac.state.stamp(old.uuid!)).toMatchObject({
    motivo_cancelacion: '01',
    folio_sustitucion: row.uuid,
  });
  const twice = await reEmit(accountant, { school_id: SCHOOL_ID, invoice_id: old.id });
  expect(twice.status).toBe(409);
  expect(apiErrorSchema.parse(await twice.json()).error.message).toBe(CANCELED_NO_REEMIT);
});

describe('generate: a payment’s CFDI in the family’s name', () => {
  const generate = (payinId: string, who: IdentityClaims = accountant) =>
    post('/backoffice/invoicing/generate/', who, { school_id: SCHOOL_ID, payin_id: payinId });
  const noData = { tax_id: null, tax_regime: null, tax_zip_code: null };
  let old: InvoiceRow;

  beforeAll(async () => {
    await system.registerTaxpayer('MOPL850101AB9', 'LUCIA MORALES PEREZ', '03100', ['605']);
    await system.publish(guardianCreatedV1, guardian(2, { ...noData, billing_name: null }));
    await system.publish(studentCreatedV1, student(2, { billing_guardian_id: uuidOf(2) }));
    const paid = payin({
      guardian_id: uuidOf(2),
      allocations: [colegiatura(student(2).student_id)],
    });
    await system.publish(payinSucceededV1, paid);
    old = await system.settled(paid.payin_id, student(2).student_id);
  });

  test('without the family’s data it stays público en general, and says what is missing', async () => {
    expect(old).toMatchObject({ status: 'success', receptorRfc: 'XAXX010101000' });
    const res = await generate(old.sourceId);
    expect(res.status).toBe(409);
    expect(apiErrorSchema.parse(await res.json()).error.message).toBe(
      'La familia aún no tiene datos fiscales válidos para facturar a su nombre: No hay RFC registrado.',
    );
    expect((await generate(uuidOf(778))).status).toBe(404);
    expect((await generate(old.sourceId, staffOf(SCHOOL_ID, 'TREASURER'))).status).toBe(403);
  });

  test('with it: the family’s CFDI substitutes the público en general one (04, then 01)', async () => {
    await system.publish(
      guardianUpdatedV1,
      guardian(2, {
        billing_name: 'LUCIA MORALES PEREZ',
        tax_id: 'MOPL850101AB9',
        tax_regime: '605',
        tax_zip_code: '03100',
      }),
    );
    await waitFor(async () => {
      const { rows } = await system.invoicing.db.$client.query(
        'SELECT tax_id FROM fiscal_guardians WHERE guardian_id = $1',
        [uuidOf(2)],
      );
      return rows[0]?.tax_id === 'MOPL850101AB9';
    });
    const res = await generate(old.sourceId);
    expect(res.status).toBe(200);
    const [made] = generatedInvoicesSchema.parse(await res.json()).results;
    expect(made).toMatchObject({ replaces_invoice_id: old.id });
    const substitute = await stamped(made!.id);
    expect(substitute.receptorRfc).toBe('MOPL850101AB9');
    await waitFor(async () => (await rowOf(old.id)).status === 'canceled', 30_000);
    expect(system.pac.state.stamp(old.uuid!)).toMatchObject({ motivo_cancelacion: '01' });
    const again = await generate(old.sourceId);
    expect(again.status).toBe(409);
    expect(apiErrorSchema.parse(await again.json()).error.message).toBe(ALREADY_NOMINATIVE);
  });
});

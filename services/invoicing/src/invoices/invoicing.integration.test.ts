/**
 * The service path end to end, with the real PAC sandbox: a payment event in, a stamped
 * CFDI out that SAT's own files accept (xmllint, xsltproc, openssl); redeliveries, a PAC that
 * is down or slow, and a PAC refusal that staff fix and retry.
 */
import { randomUUID } from 'node:crypto';
import { guardianCreatedV1 } from '@cuota/contracts/events/enrolment.guardian.created.v1';
import { guardianUpdatedV1 } from '@cuota/contracts/events/enrolment.guardian.updated.v1';
import { studentCreatedV1 } from '@cuota/contracts/events/enrolment.student.created.v1';
import { studentUpdatedV1 } from '@cuota/contracts/events/enrolment.student.updated.v1';
import { creditAppliedV1 } from '@cuota/contracts/events/payments.credit.applied.v1';
import { payinSucceededV1 } from '@cuota/contracts/events/payments.payin.succeeded.v1';
import { invoiceSchema, invoiceUrlsSchema } from '@cuota/contracts/invoicing/invoices';
import { waitFor } from '@cuota/testing/wait-for';
import { cadenaOriginal } from '../cfdi/cadena-original';
import { satWorkspace, type SatWorkspace } from '../cfdi/sat-tools';
import { parseStampedCfdi } from '../cfdi/stamped-cfdi';
import { POSTAL_CODE_MESSAGE } from './pac-rejection-rules';
import { createPacClient } from '../pac/create-pac-client';
import {
  pacSettingsFor,
  SCHOOL,
  SCHOOL_ID,
  colegiatura,
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

jest.setTimeout(60_000);

let system: InvoicingTestSystem;
let sat: SatWorkspace;

/** Long enough for a stamp on a busy machine; the slow PAC below takes longer. */
const PAC_TIMEOUT_MS = 4_000;
const PAYER = { rfc: 'SORC591116FJ6', name: 'ROSA SOLIS CARRANZA', cp: '44100' };

beforeAll(async () => {
  [system, sat] = await Promise.all([
    startInvoicingTestSystem({ pacTimeoutMs: PAC_TIMEOUT_MS }),
    satWorkspace('invoicing-e2e-'),
  ]);
  await saveSchoolFiscalEntity(system);
  await system.registerTaxpayer('COSC8001137NA', 'CARLOS ORTEGA SALAZAR', '06600', ['605']);
  await system.registerTaxpayer(PAYER.rfc, PAYER.name, PAYER.cp, ['612']);
  // Guardian 1 bills students 1–3; guardian 2 (an aunt) sometimes pays; guardian 3 has no
  // régimen yet; guardian 4 typed the aunt's postal code (registered, but not for her RFC).
  for (const g of [
    guardian(1),
    guardian(2, {
      first_name: 'Rosa',
      last_name: 'Solís Carranza',
      billing_name: PAYER.name,
      tax_id: PAYER.rfc,
      tax_zip_code: PAYER.cp,
      tax_regime: '612',
    }),
    guardian(3, { tax_regime: null, billing_name: 'LUISA PEREZ' }),
    guardian(4, {
      billing_name: 'MARTA LOPEZ GARCIA',
      tax_id: 'LOGM850505QR8',
      tax_zip_code: PAYER.cp,
      tax_regime: '605',
    }),
  ])
    await system.publish(guardianCreatedV1, g);
  await system.registerTaxpayer('LOGM850505QR8', 'MARTA LOPEZ GARCIA', '06700', ['605']);
  for (const s of [
    student(1),
    student(2, { first_name: 'Diego', billing_guardian_id: uuidOf(3) }),
    student(3, { first_name: 'Julia', billing_guardian_id: uuidOf(4) }),
    student(4, { first_name: 'Mateo', curp: null }),
  ])
    await system.publish(studentCreatedV1, s);
  await waitFor(async () => {
    const { rows } = await system.invoicing.db.$client.query(
      'SELECT (SELECT count(*) FROM student_directory)::int AS s, (SELECT count(*) FROM fiscal_guardians)::int AS g',
    );
    return rows[0].s === 4 && rows[0].g === 4;
  });
});

afterAll(async () => {
  await system?.stop();
  await sat?.remove();
});

async function satVerdict(xml: string) {
  const stamped = parseStampedCfdi(xml);
  const { validates, satCadena, seal } = await sat.verdict(xml, stamped.comprobante);
  return {
    validates,
    cadenaMatches: cadenaOriginal(stamped.comprobante) === satCadena,
    seal,
    stamped,
  };
}

const uniform = (studentId: string) =>
  colegiatura(studentId, {
    concept_name: 'Uniforme deportivo',
    concept_type: 'UNIFORMS_AND_MERCH',
    period: null,
    base_centavos: 1_000_00,
  });

describe('a card payment of colegiatura, its late fee and a uniform', () => {
  const studentId = student(1).student_id;
  const paid = payin({
    allocations: [colegiatura(studentId, { late_fee_centavos: 150_00 }), uniform(studentId)],
  });
  let eventId: string;

  beforeAll(async () => {
    eventId = await system.publish(payinSucceededV1, paid);
  });

  test('the colegiatura is a CFDI of its own (IEDU, D10); SAT’s XSD, XSLT and openssl accept it', async () => {
    const invoice = await system.settled(paid.payin_id, studentId, 'tuition');
    expect(invoice).toMatchObject({
      status: 'success',
      series: 'A',
      receptorRfc: 'COSC8001137NA',
      totalCentavos: 4_850_00,
      orderIds: [paid.allocations[0]!.order_id],
    });
    const verdict = await satVerdict(invoice.stampedXml!);
    expect(verdict).toMatchObject({ validates: true, cadenaMatches: true, seal: 'Verified OK' });

    const { comprobante: c, timbre } = verdict.stamped;
    expect(timbre.UUID).toBe(invoice.uuid);
    expect(c).toMatchObject({
      FormaPago: '04',
      MetodoPago: 'PUE',
      Total: '4850.00',
      Emisor: { Rfc: SCHOOL.rfc, RegimenFiscal: '603' },
      Receptor: { Rfc: 'COSC8001137NA', UsoCFDI: 'D10', DomicilioFiscalReceptor: '06600' },
    });
    expect(c.Conceptos).toHaveLength(1);
    const [tuition] = c.Conceptos;
    expect(tuition!.Descripcion).toBe('Colegiatura septiembre 2026');
    expect(tuition!.Traslados).toEqual([
      { Base: '4850.00', Impuesto: '002', TipoFactor: 'Exento' },
    ]);
    expect(tuition!.instEducativas).toEqual({
      version: '1.0',
      nombreAlumno: 'Ana Sofía Ortega Núñez',
      CURP: 'OENA160315MDFRXNA3',
      nivelEducativo: 'Primaria',
      autRVOE: SCHOOL.rvoe.elementary,
    });

    // SAT (the sandbox's consulta) knows it as vigente; the stamped event is in the outbox.
    const pac = createPacClient(pacSettingsFor(system.pac));
    expect(
      await pac.status({
        uuid: invoice.uuid!,
        issuerRfc: SCHOOL.rfc,
        receptorRfc: 'COSC8001137NA',
        total: '4850.00',
        sello: c.Sello!,
      }),
    ).toMatchObject({ kind: 'found', state: 'active', cancellation: 'none' });
    const { rows } = await system.invoicing.db.$client.query(
      "SELECT payload FROM outbox_events WHERE type = 'invoicing.invoice.stamped'",
    );
    expect(rows.map((r) => r.payload.data)).toContainEqual({
      invoice_id: invoice.id,
      school_id: SCHOOL_ID,
      source_id: paid.payin_id,
      order_ids: [paid.allocations[0]!.order_id],
      uuid: invoice.uuid,
      total_centavos: 4_850_00,
    });
  });

  test('the late fee and the uniform are a second CFDI without IEDU, also accepted by SAT', async () => {
    const invoice = await system.settled(paid.payin_id, studentId, 'other');
    expect(invoice).toMatchObject({ status: 'success', totalCentavos: 150_00 + 1_000_00 });
    const verdict = await satVerdict(invoice.stampedXml!);
    expect(verdict).toMatchObject({ validates: true, cadenaMatches: true, seal: 'Verified OK' });
    const { comprobante: c } = verdict.stamped;
    // A salaried parent (605) may not use G03: sin efectos fiscales, never D10.
    expect(c).toMatchObject({ Total: '1150.00', Receptor: { UsoCFDI: 'S01' } });
    const [lateFee, shirt] = c.Conceptos;
    expect(lateFee).toMatchObject({
      Descripcion: 'Recargo por pago tardío: Colegiatura septiembre 2026',
      Traslados: [{ Base: '150.00', Impuesto: '002', TipoFactor: 'Exento' }],
    });
    expect(c.Conceptos.filter((k) => k.instEducativas)).toEqual([]);
    expect(shirt!.Traslados?.[0]).toMatchObject({ TasaOCuota: '0.160000', Importe: '137.93' });
  });

  test('the guardian downloads both CFDI of the colegiatura’s order', async () => {
    const order = paid.allocations[0]!.order_id;
    const res = await system.call(
      `/api/v1/students/${studentId}/orders/${order}/invoice_urls/`,
      guardianClaims(1),
    );
    expect(res.status).toBe(200);
    const urls = invoiceUrlsSchema.parse(await res.json());
    const invoices = await system.invoicesOf(paid.payin_id);
    expect(urls.status).toBe('multiple');
    expect(urls.invoices.map((i) => i.uuid).sort()).toEqual(invoices.map((i) => i.uuid).sort());
    // The colegiatura's CFDI first, then the late fee's: the same order on every row.
    expect(urls.invoices.map((i) => i.part)).toEqual(['tuition', 'other']);
    for (const link of urls.invoices) {
      const invoice = invoices.find((i) => i.id === link.invoice_id)!;
      const xml = await system.call(link.xml_url!, guardianClaims(1));
      expect(xml.headers.get('content-type')).toMatch(/^application\/xml/);
      expect(xml.headers.get('content-disposition')).toContain(`factura-A-${invoice.folio}.xml`);
      expect(await xml.text()).toBe(invoice.stampedXml);
      const pdf = await system.call(link.pdf_url!, guardianClaims(1));
      expect(pdf.headers.get('content-type')).toBe('application/pdf');
      expect(
        Buffer.from(await pdf.arrayBuffer())
          .subarray(0, 5)
          .toString(),
      ).toBe('%PDF-');
    }
  });

  test('the same event delivered 5 times, and a duplicate event, make the two CFDI once', async () => {
    for (let i = 0; i < 4; i++) await system.republish(eventId);
    const duplicate = await system.publish(payinSucceededV1, paid); // new event id, same payin
    await waitFor(async () => {
      const { rows } = await system.invoicing.db.$client.query(
        'SELECT count(*)::int AS n FROM inbox_events WHERE event_id = $1',
        [duplicate],
      );
      return rows[0].n === 1;
    });
    await new Promise((r) => setTimeout(r, 300));
    const invoices = await system.invoicesOf(paid.payin_id);
    expect(invoices.map((i) => i.part).sort()).toEqual(['other', 'tuition']);
    const stampsForSchool = system.pac.state.stamps().filter((s) => s.emisor_rfc === SCHOOL.rfc);
    for (const invoice of invoices)
      expect(stampsForSchool.filter((s) => s.uuid === invoice.uuid)).toHaveLength(1);
  });
});

test('one invoice per student of a family payment; someone else paying is named in rfcPago', async () => {
  const [first, second] = [student(1).student_id, student(3).student_id];
  const paid = payin({
    guardian_id: uuidOf(2),
    method: 'debit_card',
    allocations: [colegiatura(first), colegiatura(second, { base_centavos: 3_000_00 })],
  });
  await system.publish(payinSucceededV1, paid);
  const invoice = await system.settled(paid.payin_id, first);
  expect(invoice.status).toBe('success');
  const { comprobante } = parseStampedCfdi(invoice.stampedXml!);
  expect(comprobante.FormaPago).toBe('28');
  expect(comprobante.Receptor.Rfc).toBe('COSC8001137NA');
  expect(comprobante.Conceptos[0]!.instEducativas?.rfcPago).toBe(PAYER.rfc);
  expect(await system.settled(paid.payin_id, second)).toBeDefined();
  expect(await system.invoicesOf(paid.payin_id)).toHaveLength(2);
  // The aunt paid, so she sees it too.
  const res = await system.call(
    `/api/v1/students/${first}/orders/${paid.allocations[0]!.order_id}/invoice_urls/`,
    guardianClaims(2),
  );
  expect(invoiceUrlsSchema.parse(await res.json()).status).toBe('success');
});

test('a family without complete fiscal data gets a CFDI to público en general, with the reason', async () => {
  const studentId = student(2).student_id;
  const paid = payin({
    guardian_id: uuidOf(3),
    type: 'CASH_IN',
    method: 'cash',
    allocations: [colegiatura(studentId)],
  });
  await system.publish(payinSucceededV1, paid);
  const invoice = await system.settled(paid.payin_id, studentId);
  expect(invoice).toMatchObject({
    status: 'success',
    receptorRfc: 'XAXX010101000',
    receptorName: 'LUISA PEREZ',
    receptorNote: 'Falta el régimen fiscal o no es válido.',
  });
  const { comprobante } = parseStampedCfdi(invoice.stampedXml!);
  expect(comprobante.Receptor).toMatchObject({ RegimenFiscalReceptor: '616', UsoCFDI: 'S01' });
  expect(comprobante.FormaPago).toBe('01');
  expect((await satVerdict(invoice.stampedXml!)).validates).toBe(true);
});

test('the PAC down (503s) then up: stamped after retries with backoff', async () => {
  await system.pacBehaviour({ fail_next_stamps: 3, fail_status: 503 });
  const studentId = student(1).student_id;
  const paid = payin({ allocations: [colegiatura(studentId, { period: '2026-10' })] });
  await system.publish(payinSucceededV1, paid);
  const invoice = await system.settled(paid.payin_id, studentId);
  expect(invoice.status).toBe('success');
  expect(invoice.attempts).toBe(4);
});

test('a PAC too slow to answer: the same sealed CFDI is sent again and keeps one UUID', async () => {
  // Slower than the service's timeout: the PAC stamps it, but the answer comes too late.
  await system.pacBehaviour({ slow_next_stamps: 1, slow_ms: PAC_TIMEOUT_MS + 1_000 });
  const studentId = student(1).student_id;
  const paid = payin({ allocations: [colegiatura(studentId, { period: '2026-11' })] });
  await system.publish(payinSucceededV1, paid);
  const invoice = await system.settled(paid.payin_id, studentId, undefined, 40_000);
  expect(invoice.status).toBe('success');
  expect(invoice.attempts).toBeGreaterThanOrEqual(2);
  const sealed = parseStampedCfdi(invoice.stampedXml!).comprobante.Sello;
  expect(system.pac.state.stamps().filter((s) => s.xml.includes(sealed!))).toHaveLength(1);
  await system.pac.behaviour.quiet(); // the slow first try must not take the next test's fault
});

test('the PAC’s answer lost after stamping: the retry’s 307 carries the stamp, one UUID', async () => {
  await system.pacBehaviour({ lose_next_answers: 1 });
  const studentId = student(1).student_id;
  const paid = payin({ allocations: [colegiatura(studentId, { period: '2026-12' })] });
  await system.publish(payinSucceededV1, paid);
  const invoice = await system.settled(paid.payin_id, studentId);
  expect(invoice).toMatchObject({ status: 'success', attempts: 2 });
  const sello = parseStampedCfdi(invoice.stampedXml!).comprobante.Sello!;
  const stamps = system.pac.state.stamps().filter((s) => s.sello_cfd === sello);
  expect(stamps.map((s) => s.uuid)).toEqual([invoice.uuid]);
});

test('a PAC refusal (CFDI40148) fails with the postal-code message; fixed data + retry stamps it', async () => {
  const studentId = student(3).student_id;
  const paid = payin({ guardian_id: uuidOf(4), allocations: [colegiatura(studentId)] });
  await system.publish(payinSucceededV1, paid);
  const failed = await system.settled(paid.payin_id, studentId);
  expect(failed).toMatchObject({
    status: 'failed',
    errorCode: 'CFDI40148',
    errorMessage: POSTAL_CODE_MESSAGE,
  });
  const urls = await system.call(
    `/api/v1/students/${studentId}/orders/${paid.allocations[0]!.order_id}/invoice_urls/`,
    guardianClaims(4),
  );
  expect(invoiceUrlsSchema.parse(await urls.json())).toMatchObject({
    status: 'failed',
    xml_url: null,
    error: { code: 'CFDI40148', message: POSTAL_CODE_MESSAGE, source: 'pac' },
  });
  // The failed stamp is announced once, in the commit that recorded it (ADR 0103).
  const { rows: announced } = await system.invoicing.db.$client.query(
    "SELECT payload FROM outbox_events WHERE type = 'invoicing.invoice.failed' AND payload->'data'->>'invoice_id' = $1",
    [failed.id],
  );
  expect(announced.map((r) => r.payload.data)).toEqual([
    {
      invoice_id: failed.id,
      school_id: SCHOOL_ID,
      document: 'invoice',
      total_centavos: failed.totalCentavos,
      error_code: 'CFDI40148',
      error_message: POSTAL_CODE_MESSAGE,
      error_source: 'pac',
    },
  ]);

  await system.publish(
    guardianUpdatedV1,
    guardian(4, {
      billing_name: 'MARTA LOPEZ GARCIA',
      tax_id: 'LOGM850505QR8',
      tax_zip_code: '06700',
      tax_regime: '605',
    }),
  );
  await waitFor(async () => {
    const { rows } = await system.invoicing.db.$client.query(
      'SELECT tax_zip_code FROM fiscal_guardians WHERE guardian_id = $1',
      [uuidOf(4)],
    );
    return rows[0].tax_zip_code === '06700';
  });
  const retry = await system.call(
    `/api/v1/dashboard/schools/${SCHOOL_ID}/invoices/${failed.id}/retry/`,
    staffOf(SCHOOL_ID, 'ACCOUNTANT'),
    { method: 'POST' },
  );
  expect(retry.status).toBe(200);
  expect(invoiceSchema.parse(await retry.json())).toMatchObject({ status: 'pending', error: null });
  const stamped = await system.settled(paid.payin_id, studentId);
  expect(stamped).toMatchObject({ status: 'success', folio: failed.folio });
  expect(parseStampedCfdi(stamped.stampedXml!).comprobante.Receptor.DomicilioFiscalReceptor).toBe(
    '06700',
  );
});

test('a student without CURP: the colegiatura fails saying so, and stamps once enrolment sends it', async () => {
  const mateo = student(4, { first_name: 'Mateo', curp: null });
  const paid = payin({ allocations: [colegiatura(mateo.student_id)] });
  await system.publish(payinSucceededV1, paid);
  const failed = await system.settled(paid.payin_id, mateo.student_id);
  expect(failed).toMatchObject({
    status: 'failed',
    errorCode: 'CURP_ALUMNO_INVALIDA',
    folio: null,
  });
  expect(failed.errorMessage).toBe(
    'La CURP de Mateo Ortega Núñez no está registrada; el complemento de colegiaturas (IEDU) la requiere.',
  );
  await system.publish(studentUpdatedV1, { ...mateo, curp: 'OENM170102HDFRXTA1' });
  await waitFor(async () => {
    const { rows } = await system.invoicing.db.$client.query(
      'SELECT curp FROM student_directory WHERE student_id = $1',
      [mateo.student_id],
    );
    return rows[0].curp === 'OENM170102HDFRXTA1';
  });
  await system.call(
    `/api/v1/dashboard/schools/${SCHOOL_ID}/invoices/${failed.id}/retry/`,
    staffOf(SCHOOL_ID, 'OWNER'),
    { method: 'POST' },
  );
  expect(await system.settled(paid.payin_id, mateo.student_id)).toMatchObject({
    status: 'success',
  });
});

test('credit applied to new orders is invoiced with how that credit was paid (cash at the desk)', async () => {
  const studentId = student(1).student_id;
  const desk = payin({
    type: 'CASH_IN',
    method: 'cash',
    allocations: [colegiatura(studentId, { period: '2026-12' })],
    credit_created_centavos: 2_000_00,
    credit_student_id: studentId,
  });
  await system.publish(payinSucceededV1, desk);
  await system.settled(desk.payin_id, studentId);
  const application = {
    application_id: randomUUID(),
    school_id: SCHOOL_ID,
    student_id: studentId,
    applied_at: new Date().toISOString(),
    allocations: [colegiatura(studentId, { period: '2027-01', base_centavos: 2_000_00 })],
  };
  await system.publish(creditAppliedV1, application);
  const invoice = await system.settled(application.application_id, studentId);
  expect(invoice).toMatchObject({ status: 'success', sourceKind: 'credit', payerGuardianId: null });
  const { comprobante } = parseStampedCfdi(invoice.stampedXml!);
  expect(comprobante).toMatchObject({ FormaPago: '01', Total: '2000.00' });
  // Cash is not deductible (IEDU decree); a salaried parent (605) has no G03 either.
  expect(comprobante.Receptor.UsoCFDI).toBe('S01');
});

/** Guardian n and its student n, as enrolment sends them, once invoicing has both. */
async function enrolFamily(n: number, fiscal: Parameters<typeof guardian>[1], firstName: string) {
  await system.publish(guardianCreatedV1, guardian(n, fiscal));
  const child = student(n, { first_name: firstName, billing_guardian_id: uuidOf(n) });
  await system.publish(studentCreatedV1, child);
  await waitFor(async () => {
    const { rows } = await system.invoicing.db.$client.query(
      `SELECT (SELECT count(*) FROM fiscal_guardians WHERE guardian_id = $1)::int AS guardians,
              (SELECT count(*) FROM student_directory WHERE student_id = $2)::int AS students`,
      [uuidOf(n), child.student_id],
    );
    return rows[0].guardians === 1 && rows[0].students === 1;
  });
  return child;
}

test('the use of CFDI a family asked for is the one its invoice carries, where SAT admits it', async () => {
  // A salaried parent (605) paying by card could deduct (D10), but chose S01 at registration.
  const lucia = await enrolFamily(5, { cfdi_use: 'S01' }, 'Lucía');
  const paid = payin({ guardian_id: uuidOf(5), allocations: [colegiatura(lucia.student_id)] });
  await system.publish(payinSucceededV1, paid);
  const invoice = await system.settled(paid.payin_id, lucia.student_id);
  expect(parseStampedCfdi(invoice.stampedXml!).comprobante.Receptor.UsoCFDI).toBe('S01');
});

test('a family whose fiscal data came after the PAC started, never registered there, is stamped', async () => {
  const fiscal = {
    billing_name: 'ROSA REYES ORTIZ',
    tax_id: 'RERO850101AB1',
    tax_zip_code: '45050',
    tax_regime: '612',
  };
  const tomas = await enrolFamily(6, fiscal, 'Tomás');
  const paid = payin({ guardian_id: uuidOf(6), allocations: [colegiatura(tomas.student_id)] });
  await system.publish(payinSucceededV1, paid);
  const invoice = await system.settled(paid.payin_id, tomas.student_id);
  expect(system.pac.state.taxpayer(fiscal.tax_id)).toBeUndefined();
  expect(invoice).toMatchObject({ status: 'success', receptorRfc: fiscal.tax_id });
  expect(parseStampedCfdi(invoice.stampedXml!).comprobante.Receptor).toMatchObject({
    Nombre: fiscal.billing_name,
    DomicilioFiscalReceptor: fiscal.tax_zip_code,
    RegimenFiscalReceptor: '612',
  });
});

/**
 * A store sale paid by card (payments.payin.succeeded with its store marker, ADR 0083): one
 * CFDI of its lines, each taxed as its item says — a uniform at 16 %, a book at 0 % — that
 * SAT's own files accept; once whatever the redeliveries. A guest's sale (ADR 0092): made out
 * to the fiscal data they gave, else to público en general — its own CFDI, or a concept of the
 * school's global invoice when the school issues one; the guest's own CFDI is e-mailed to the
 * address they bought with (ADR 0103).
 */
import { guardianCreatedV1 } from '@cuota/contracts/events/enrolment.guardian.created.v1';
import { studentCreatedV1 } from '@cuota/contracts/events/enrolment.student.created.v1';
import { payinSucceededV1 } from '@cuota/contracts/events/payments.payin.succeeded.v1';
import type { StoreSale } from '@cuota/contracts/payments/store-checkout';
import { startSmtpSandbox, type SmtpSandbox } from '@cuota/infra/sandboxes/smtp/smtp-sandbox.ts';
import { messagesTo, waitForMessage } from '@cuota/testing/mailbox';
import { testStoreSale } from '@cuota/testing/store-sale';
import { waitFor } from '@cuota/testing/wait-for';
import { cadenaOriginal } from '../cfdi/cadena-original';
import { satWorkspace, type SatWorkspace } from '../cfdi/sat-tools';
import { parseStampedCfdi } from '../cfdi/stamped-cfdi';
import { LAST_MONTH } from '../test-support/global-invoice-fixtures';
import { GlobalInvoiceCollector } from '../global-invoices/global-invoice-collector';
import { createLogger } from '@cuota/service-runtime/logging/logger';
import {
  OTHER_SCHOOL_ID,
  guardian,
  guardianClaims,
  payin,
  saveSchoolFiscalEntity,
  startInvoicingTestSystem,
  student,
  type InvoicingTestSystem,
} from '../test-support/invoicing-test-system';

jest.setTimeout(60_000);

let system: InvoicingTestSystem;
let sat: SatWorkspace;
let smtp: SmtpSandbox;
let mailbox: string;

beforeAll(async () => {
  smtp = await startSmtpSandbox({ smtpPort: 0, httpPort: 0 });
  mailbox = `http://127.0.0.1:${smtp.httpPort}/`;
  [system, sat] = await Promise.all([
    startInvoicingTestSystem({
      pacTimeoutMs: 4_000,
      config: {
        smtpUrl: `smtp://127.0.0.1:${smtp.smtpPort}`,
        mailFrom: 'Cuota <no-responder@cuota.test>',
      },
    }),
    satWorkspace('invoicing-store-'),
  ]);
  await saveSchoolFiscalEntity(system);
  await saveSchoolFiscalEntity(system, OTHER_SCHOOL_ID, 'payment', 'monthly');
  await system.registerTaxpayer('MOPL850101AB9', 'LUCIA MORALES PEREZ', '03100', ['612']);
  await system.registerTaxpayer('COSC8001137NA', 'CARLOS ORTEGA SALAZAR', '06600', ['605']);
  await system.publish(guardianCreatedV1, guardian(1));
  await system.publish(studentCreatedV1, student(1));
  await waitFor(async () => {
    const { rows } = await system.invoicing.db.$client.query(
      'SELECT (SELECT count(*) FROM student_directory)::int AS s, (SELECT count(*) FROM fiscal_guardians)::int AS g',
    );
    return rows[0].s === 1 && rows[0].g === 1;
  });
});

afterAll(async () => {
  await system?.stop();
  await sat?.remove();
  await smtp?.stop();
});

const sale = (studentId: string | null, fiscal: StoreSale['fiscal'] = null): StoreSale => {
  const bought = testStoreSale({ student_id: studentId, fiscal });
  return studentId ? bought : { ...bought, buyer_email: `invitada-${bought.order_id}@example.com` };
};

test('a family’s store sale is one CFDI: the uniform at 16 %, the book at 0 %, once', async () => {
  const studentId = student(1).student_id;
  const bought = sale(studentId);
  // The school set the shirt's own SAT key (ADR 0092); the book keeps its tax kind's.
  bought.lines[0]!.sat_product_key = '53103001';
  const paid = payin({ amount_centavos: 1_120_00, store: bought });
  const eventId = await system.publish(payinSucceededV1, paid);
  const invoice = await system.settled(paid.payin_id, studentId, 'other');
  expect(invoice).toMatchObject({
    status: 'success',
    receptorRfc: 'COSC8001137NA',
    totalCentavos: 1_120_00,
    orderIds: [paid.store!.order_id],
  });
  const stamped = parseStampedCfdi(invoice.stampedXml!);
  const { validates, satCadena, seal } = await sat.verdict(
    invoice.stampedXml!,
    stamped.comprobante,
  );
  expect({ validates, seal }).toEqual({ validates: true, seal: 'Verified OK' });
  expect(cadenaOriginal(stamped.comprobante)).toBe(satCadena);
  const c = stamped.comprobante;
  expect(c).toMatchObject({ Total: '1120.00', FormaPago: '04', MetodoPago: 'PUE' });
  const [shirt, book] = c.Conceptos;
  expect(shirt).toMatchObject({
    Descripcion: 'Playera polo (Talla 8)',
    Cantidad: '2',
    ClaveProdServ: '53103001',
    Importe: '603.45',
    Traslados: [{ TipoFactor: 'Tasa', TasaOCuota: '0.160000', Importe: '96.55' }],
  });
  expect(book).toMatchObject({
    Descripcion: 'Libro de lectura',
    Cantidad: '1',
    ClaveProdServ: '55101509',
    Importe: '420.00',
    Traslados: [{ Base: '420.00', TipoFactor: 'Tasa', TasaOCuota: '0.000000', Importe: '0.00' }],
  });
  expect(c.Impuestos?.TotalImpuestosTrasladados).toBe('96.55');

  // The family's history asks for it by the sale's order, as for a tuition order (ADR 0092).
  const urls = `/api/v1/students/${studentId}/orders/${paid.store!.order_id}/invoice_urls/`;
  const links = await system.call(urls, guardianClaims(1));
  expect(links.status).toBe(200);
  expect(await links.json()).toMatchObject({
    status: 'success',
    xml_url: `/api/v1/invoices/${invoice.id}/xml/`,
    pdf_url: `/api/v1/invoices/${invoice.id}/pdf/`,
  });
  expect((await system.call(urls, guardianClaims(2))).status).toBe(404);

  // Redelivered, and published again under another id: still one invoice.
  for (let i = 0; i < 3; i++) await system.republish(eventId);
  const again = await system.publish(payinSucceededV1, paid);
  await system.consumed(again);
  expect(await system.invoicesOf(paid.payin_id)).toHaveLength(1);
});

const verified = async (stampedXml: string) => {
  const stamped = parseStampedCfdi(stampedXml);
  const { validates, satCadena, seal } = await sat.verdict(stampedXml, stamped.comprobante);
  expect({ validates, seal, cadena: cadenaOriginal(stamped.comprobante) === satCadena }).toEqual({
    validates: true,
    seal: 'Verified OK',
    cadena: true,
  });
  return stamped.comprobante;
};

test('a guest who gives fiscal data gets a CFDI of the sale made out to them', async () => {
  const paid = payin({
    guardian_id: null,
    amount_centavos: 1_120_00,
    store: sale(null, {
      tax_id: 'MOPL850101AB9',
      billing_name: 'LUCIA MORALES PEREZ',
      tax_zip_code: '03100',
      tax_regime: '612',
      cfdi_use: 'G03',
    }),
  });
  await system.publish(payinSucceededV1, paid);
  const invoice = await system.settled(paid.payin_id, '', 'other');
  expect(invoice).toMatchObject({
    status: 'success',
    receptorRfc: 'MOPL850101AB9',
    billingGuardianId: null,
    orderIds: [paid.store!.order_id],
  });
  const c = await verified(invoice.stampedXml!);
  expect(c.Receptor).toMatchObject({
    Rfc: 'MOPL850101AB9',
    Nombre: 'LUCIA MORALES PEREZ',
    DomicilioFiscalReceptor: '03100',
    RegimenFiscalReceptor: '612',
    UsoCFDI: 'G03',
  });
  expect(c.Conceptos.map((k) => [k.Descripcion, k.ClaveProdServ])).toEqual([
    ['Playera polo (Talla 8)', '53102705'],
    ['Libro de lectura', '55101509'],
  ]);
  expect(c).toMatchObject({ Total: '1120.00', FormaPago: '04' });

  // «Tu factura»: the guest has no portal, so the CFDI comes to them, XML and PDF attached.
  const mail = await waitForMessage(mailbox, paid.store!.buyer_email!);
  expect(mail.subject).toMatch(/^Tu factura/);
  expect(mail.text).toContain(`Folio fiscal (UUID): ${invoice.uuid}.`);
  expect(mail.attachments.map((a) => a.content_type).sort()).toEqual([
    'application/pdf',
    'application/xml',
  ]);
});

test('a guest without fiscal data at a per-payment school: its own CFDI to público en general', async () => {
  const paid = payin({ guardian_id: null, amount_centavos: 1_120_00, store: sale(null) });
  await system.publish(payinSucceededV1, paid);
  const invoice = await system.settled(paid.payin_id, '', 'other');
  expect(invoice).toMatchObject({ status: 'success', receptorRfc: 'XAXX010101000' });
  const c = await verified(invoice.stampedXml!);
  expect(c.Receptor).toMatchObject({ Nombre: 'PUBLICO EN GENERAL', UsoCFDI: 'S01' });
  expect(c.InformacionGlobal?.Periodicidad).toBe('01');
  const mail = await waitForMessage(mailbox, paid.store!.buyer_email!);
  expect(mail.text).toContain(invoice.uuid!);
});

test('a guest without fiscal data at a school with a monthly global: a concept of it', async () => {
  const paid = payin({
    school_id: OTHER_SCHOOL_ID,
    guardian_id: null,
    amount_centavos: 1_120_00,
    paid_at: LAST_MONTH.toISOString(),
    store: sale(null),
  });
  await system.consumed(await system.publish(payinSucceededV1, paid));
  const [held] = await waitFor(async () => {
    const rows = await system.invoicesOf(paid.payin_id);
    return rows[0]?.globalState === 'held' ? rows : undefined;
  });
  expect(held).toMatchObject({ status: 'pending', receptorRfc: 'XAXX010101000', stampedXml: null });

  await new GlobalInvoiceCollector(
    system.invoicing.db,
    createLogger('test', 'silent'),
    60_000,
  ).collect();
  const global = await waitFor(async () => {
    const row = await system.invoicing.db.query.invoices.findFirst({
      where: (t, { and, eq }) => and(eq(t.document, 'global'), eq(t.schoolId, OTHER_SCHOOL_ID)),
    });
    return row && row.status !== 'pending' ? row : undefined;
  }, 30_000);
  expect(global).toMatchObject({ status: 'success', errorMessage: null });
  const c = await verified(global.stampedXml!);
  expect(c.InformacionGlobal?.Periodicidad).toBe('04');
  // The sale's ticket, split by tax: the uniform at 16 %, the book at 0 %.
  expect(c.Conceptos.map((k) => [k.NoIdentificacion, k.Traslados?.[0]?.TasaOCuota])).toEqual([
    [paid.payin_id, '0.160000'],
    [paid.payin_id, '0.000000'],
  ]);
  expect(c.Total).toBe('1120.00');
  // No CFDI of their own: nothing to e-mail the guest (the global names no buyer).
  expect(await messagesTo(mailbox, paid.store!.buyer_email!)).toEqual([]);
});

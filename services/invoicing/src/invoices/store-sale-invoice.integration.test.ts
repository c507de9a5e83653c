/**
 * A store sale paid by card (payments.payin.succeeded with its store marker, ADR 0083): one
 * CFDI of its lines, each taxed as its item says — a uniform at 16 %, a book at 0 % — that
 * SAT's own files accept; once whatever the redeliveries; none for a guest's sale.
 */
import { randomUUID } from 'node:crypto';
import { guardianCreatedV1 } from '@cuota/contracts/events/enrolment.guardian.created.v1';
import { studentCreatedV1 } from '@cuota/contracts/events/enrolment.student.created.v1';
import { payinSucceededV1 } from '@cuota/contracts/events/payments.payin.succeeded.v1';
import type { StoreSale } from '@cuota/contracts/payments/store-checkout';
import { waitFor } from '@cuota/testing/wait-for';
import { cadenaOriginal } from '../cfdi/cadena-original';
import { satWorkspace, type SatWorkspace } from '../cfdi/sat-tools';
import { parseStampedCfdi } from '../cfdi/stamped-cfdi';
import {
  guardian,
  payin,
  saveSchoolFiscalEntity,
  startInvoicingTestSystem,
  student,
  type InvoicingTestSystem,
} from '../test-support/invoicing-test-system';

jest.setTimeout(60_000);

let system: InvoicingTestSystem;
let sat: SatWorkspace;

beforeAll(async () => {
  [system, sat] = await Promise.all([
    startInvoicingTestSystem({ pacTimeoutMs: 4_000 }),
    satWorkspace('invoicing-store-'),
  ]);
  await saveSchoolFiscalEntity(system);
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
});

const sale = (studentId: string | null): StoreSale => ({
  order_id: randomUUID(),
  student_id: studentId,
  buyer_email: null,
  lines: [
    {
      variant_id: randomUUID(),
      item_name: 'Playera polo',
      variant_label: 'Talla 8',
      tax: 'IVA_16',
      unit_price_centavos: 350_00,
      quantity: 2,
    },
    {
      variant_id: randomUUID(),
      item_name: 'Libro de lectura',
      variant_label: '',
      tax: 'IVA_0',
      unit_price_centavos: 420_00,
      quantity: 1,
    },
  ],
});

test('a family’s store sale is one CFDI: the uniform at 16 %, the book at 0 %, once', async () => {
  const studentId = student(1).student_id;
  const paid = payin({ amount_centavos: 1_120_00, store: sale(studentId) });
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
    ClaveProdServ: '53102705',
    Importe: '603.45',
    Traslados: [{ TipoFactor: 'Tasa', TasaOCuota: '0.160000', Importe: '96.55' }],
  });
  expect(book).toMatchObject({
    Descripcion: 'Libro de lectura',
    Cantidad: '1',
    Importe: '420.00',
    Traslados: [{ Base: '420.00', TipoFactor: 'Tasa', TasaOCuota: '0.000000', Importe: '0.00' }],
  });
  expect(c.Impuestos?.TotalImpuestosTrasladados).toBe('96.55');

  // Redelivered, and published again under another id: still one invoice.
  for (let i = 0; i < 3; i++) await system.republish(eventId);
  const again = await system.publish(payinSucceededV1, paid);
  await system.consumed(again);
  expect(await system.invoicesOf(paid.payin_id)).toHaveLength(1);
});

test('a guest’s sale names no student of the school: no CFDI', async () => {
  const paid = payin({ guardian_id: null, amount_centavos: 1_120_00, store: sale(null) });
  await system.consumed(await system.publish(payinSucceededV1, paid));
  expect(await system.invoicesOf(paid.payin_id)).toEqual([]);
});

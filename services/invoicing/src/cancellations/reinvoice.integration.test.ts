/**
 * `POST …/invoices/{invoice}/reinvoice/` through the PAC sandbox (ADR 0037): a stamped invoice
 * made out wrongly is issued again from the family's corrected data, related to it
 * (TipoRelacion 04), and only once that substitute is stamped is SAT asked to cancel the old
 * one with motive 01 naming it; asking twice makes one substitute; what SAT would refuse is
 * a Spanish 409.
 */
import { guardianCreatedV1 } from '@cuota/contracts/events/enrolment.guardian.created.v1';
import { guardianUpdatedV1 } from '@cuota/contracts/events/enrolment.guardian.updated.v1';
import { studentCreatedV1 } from '@cuota/contracts/events/enrolment.student.created.v1';
import { payinSucceededV1 } from '@cuota/contracts/events/payments.payin.succeeded.v1';
import { apiErrorSchema } from '@cuota/contracts/common/api-error';
import type { StaffRole } from '@cuota/contracts/enrolment/entities';
import { invoiceSchema } from '@cuota/contracts/invoicing/invoices';
import { waitFor } from '@cuota/testing/wait-for';
import { cadenaOriginal } from '../cfdi/cadena-original';
import { satWorkspace, type SatWorkspace } from '../cfdi/sat-tools';
import { parseStampedCfdi } from '../cfdi/stamped-cfdi';
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
import { ONLY_STAMPED_INCOME } from './reinvoice';

jest.setTimeout(90_000);

let system: InvoicingTestSystem;
let sat: SatWorkspace;
const ana = student(1);

const reinvoice = (invoiceId: string, role: StaffRole = 'ACCOUNTANT', schoolId = SCHOOL_ID) =>
  system.call(
    `/api/v1/dashboard/schools/${schoolId}/invoices/${invoiceId}/reinvoice/`,
    staffOf(schoolId, role),
    { method: 'POST' },
  );
const errorOf = async (res: Response) => apiErrorSchema.parse(await res.json()).error;
const invoiceNow = async (id: string) =>
  (await system.invoicing.db.query.invoices.findFirst({ where: (t, { eq }) => eq(t.id, id) }))!;
const untilStatus = (id: string, status: InvoiceRow['status']) =>
  waitFor(async () => {
    const row = await invoiceNow(id);
    return row.status === status ? row : undefined;
  }, 20_000);
const substitutesOf = (id: string) =>
  system.invoicing.db.query.invoices.findMany({
    where: (t, { eq }) => eq(t.replacesInvoiceId, id),
  });

async function stampedInvoice(): Promise<InvoiceRow> {
  const paid = payin({ allocations: [colegiatura(ana.student_id)] });
  await system.publish(payinSucceededV1, paid);
  const row = await system.settled(paid.payin_id, ana.student_id);
  expect(row.status).toBe('success');
  return row;
}

beforeAll(async () => {
  [system, sat] = await Promise.all([startInvoicingTestSystem(), satWorkspace('reinvoice-')]);
  await saveSchoolFiscalEntity(system);
  await system.registerTaxpayer('COSC8001137NA', 'CARLOS ORTEGA SALAZAR', '06600', ['605']);
  // The family has not given its régimen yet: its invoices go to público en general.
  await system.publish(guardianCreatedV1, guardian(1, { tax_regime: null }));
  await system.publish(studentCreatedV1, ana);
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

test('the corrected data: a substitute (04) is stamped, then the old one is cancelled with 01', async () => {
  const old = await stampedInvoice();
  expect(old.receptorRfc).toBe('XAXX010101000');
  await system.publish(guardianUpdatedV1, guardian(1));
  await waitFor(async () => {
    const { rows } = await system.invoicing.db.$client.query(
      'SELECT tax_regime FROM fiscal_guardians WHERE guardian_id = $1',
      [guardian(1).guardian_id],
    );
    return rows[0].tax_regime === '605';
  });

  const [first, second] = await Promise.all([reinvoice(old.id), reinvoice(old.id)]);
  expect([first.status, second.status]).toEqual([200, 200]);
  const answered = invoiceSchema.parse(await first.json());
  expect(answered).toMatchObject({ document: 'invoice', replaces_invoice_id: old.id });
  expect(invoiceSchema.parse(await second.json()).id).toBe(answered.id);

  const substitute = await untilStatus(answered.id, 'success');
  const { comprobante } = parseStampedCfdi(substitute.stampedXml!);
  expect(comprobante.CfdiRelacionados).toEqual([{ TipoRelacion: '04', UUIDs: [old.uuid] }]);
  expect(comprobante.Receptor).toMatchObject({ Rfc: 'COSC8001137NA', UsoCFDI: 'D10' });
  expect(comprobante.Total).toBe('4850.00');
  // SAT's XSLT and the engine make the same cadena of the substitute, relation 04 in it, and
  // the seal verifies over SAT's.
  const { validates, seal, satCadena } = await sat.verdict(substitute.stampedXml!, comprobante);
  expect({ validates, seal, cadena: satCadena }).toEqual({
    validates: true,
    seal: 'Verified OK',
    cadena: cadenaOriginal(comprobante),
  });
  expect(satCadena).toContain(`|04|${old.uuid}|`);

  await untilStatus(old.id, 'canceled');
  expect(system.pac.state.stamp(old.uuid!)).toMatchObject({
    status: 'cancelado',
    motivo_cancelacion: '01',
    folio_sustitucion: substitute.uuid,
  });
  expect(await substitutesOf(old.id)).toHaveLength(1);

  const again = await reinvoice(old.id);
  expect(again.status).toBe(409);
  expect((await errorOf(again)).message).toBe(ONLY_STAMPED_INCOME);
});

test('a credit note cannot be re-issued; a cashier gets 403, another school 404', async () => {
  const invoice = await stampedInvoice();
  const credit = await system.call(
    `/api/v1/dashboard/schools/${SCHOOL_ID}/invoices/${invoice.id}/credit_note/`,
    staffOf(SCHOOL_ID, 'ACCOUNTANT'),
    { method: 'POST' },
  );
  const note = invoiceSchema.parse(await credit.json());
  const res = await reinvoice(note.id);
  expect(res.status).toBe(409);
  expect((await errorOf(res)).message).toBe(ONLY_STAMPED_INCOME);
  expect((await reinvoice(invoice.id, 'CASH_COLLECTION')).status).toBe(403);
  expect((await reinvoice(invoice.id, 'ACCOUNTANT', OTHER_SCHOOL_ID)).status).toBe(404);
  expect(await substitutesOf(invoice.id)).toEqual([]);
});

/**
 * Who may see and do what with invoices: a guardian only their own family's, staff only
 * their school's and only with invoicing.read (invoicing.write to retry); bad input is a
 * Spanish 4xx that changes nothing.
 */
import { execFile } from 'node:child_process';
import { mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { guardianCreatedV1 } from '@cuota/contracts/events/enrolment.guardian.created.v1';
import { studentCreatedV1 } from '@cuota/contracts/events/enrolment.student.created.v1';
import { payinSucceededV1 } from '@cuota/contracts/events/payments.payin.succeeded.v1';
import { apiErrorSchema } from '@cuota/contracts/common/api-error';
import { pageSchema } from '@cuota/contracts/common/pagination';
import type { StaffRole } from '@cuota/contracts/enrolment/entities';
import { invoiceSchema, invoiceUrlsSchema } from '@cuota/contracts/invoicing/invoices';
import { waitFor } from '@cuota/testing/wait-for';
import type { InvoiceRow } from './invoice-repository';
import { invoicingTodoSchema } from '@cuota/contracts/invoicing/endpoints/invoicing-todo';
import { NO_FISCAL_ENTITY } from './build-invoice';
import { NOTHING_TO_ZIP } from './invoice-handlers';
import {
  OTHER_SCHOOL_ID,
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
let stamped: InvoiceRow, failed: InvoiceRow, pending: InvoiceRow, otherSchools: InvoiceRow;
const ana = student(1);
const otherFamilyChild = student(2, {
  first_name: 'Pablo',
  billing_guardian_id: uuidOf(5),
  curp: null,
});
const elsewhere = student(3, { school_id: OTHER_SCHOOL_ID, billing_guardian_id: uuidOf(6) });
const sharedOrder = colegiatura(ana.student_id, { base_centavos: 2_000_00 });

const errorOf = async (res: Response) => apiErrorSchema.parse(await res.json()).error;
const urlsPath = (studentId: string, orderId: string) =>
  `/api/v1/students/${studentId}/orders/${orderId}/invoice_urls/`;
const listPath = (schoolId: string, query = '') =>
  `/api/v1/dashboard/schools/${schoolId}/invoices/${query}`;
const retryPath = (schoolId: string, invoiceId: string) =>
  `/api/v1/dashboard/schools/${schoolId}/invoices/${invoiceId}/retry/`;
const POST = { method: 'POST' };

async function paidAndSettled(paid: ReturnType<typeof payin>, studentId: string) {
  await system.publish(payinSucceededV1, paid);
  return system.settled(paid.payin_id, studentId);
}

beforeAll(async () => {
  system = await startInvoicingTestSystem();
  await saveSchoolFiscalEntity(system);
  await system.registerTaxpayer('COSC8001137NA', 'CARLOS ORTEGA SALAZAR', '06600', ['605']);
  for (const g of [
    guardian(1),
    guardian(5, { tax_id: null }),
    guardian(6, { school_ids: [OTHER_SCHOOL_ID] }),
  ])
    await system.publish(guardianCreatedV1, g);
  for (const s of [ana, otherFamilyChild, elsewhere]) await system.publish(studentCreatedV1, s);
  await waitFor(async () => {
    const { rows } = await system.invoicing.db.$client.query(
      'SELECT count(*)::int AS n FROM student_directory',
    );
    return rows[0].n === 3;
  });

  // An order paid in two parts (two stamped invoices), a failure, one waiting for the PAC.
  stamped = await paidAndSettled(
    payin({ allocations: [{ ...sharedOrder, base_centavos: 1_000_00 }] }),
    ana.student_id,
  );
  await paidAndSettled(payin({ allocations: [sharedOrder] }), ana.student_id);
  otherSchools = await paidAndSettled(
    payin({
      school_id: OTHER_SCHOOL_ID,
      guardian_id: uuidOf(6),
      allocations: [colegiatura(elsewhere.student_id)],
    }),
    elsewhere.student_id,
  );
  failed = await paidAndSettled(
    payin({ guardian_id: uuidOf(5), allocations: [colegiatura(otherFamilyChild.student_id)] }),
    otherFamilyChild.student_id,
  );
  await system.pacBehaviour({ fail_next_stamps: 1000 });
  const waiting = payin({ allocations: [colegiatura(ana.student_id, { period: '2026-10' })] });
  await system.publish(payinSucceededV1, waiting);
  pending = await waitFor(async () => {
    const [row] = await system.invoicesOf(waiting.payin_id);
    return row && row.attempts > 0 ? row : undefined;
  });
});

afterAll(() => system?.stop());

test('the setup has what the cases need', () => {
  expect([stamped.status, failed.status, pending.status, otherSchools.status]).toEqual([
    'success',
    'failed',
    'pending',
    'failed',
  ]);
  expect(otherSchools.errorMessage).toBe(NO_FISCAL_ENTITY);
});

describe('invoice_urls', () => {
  test('an order paid twice: multiple, the links of a stamped one, and each invoice', async () => {
    const res = await system.call(
      urlsPath(ana.student_id, sharedOrder.order_id),
      guardianClaims(1),
    );
    expect(res.status).toBe(200);
    const urls = invoiceUrlsSchema.parse(await res.json());
    expect(urls.status).toBe('multiple');
    expect(urls.invoices.map((i) => i.status)).toEqual(['success', 'success']);
    expect(urls.xml_url).toBe(`/api/v1/invoices/${urls.invoice_id}/xml/`);
  });

  test('staff of the school see it; an order without an invoice is not_requested', async () => {
    const staff = await system.call(
      urlsPath(ana.student_id, sharedOrder.order_id),
      staffOf(SCHOOL_ID, 'TREASURER'),
    );
    expect(invoiceUrlsSchema.parse(await staff.json()).invoices).toHaveLength(2);
    const none = await system.call(urlsPath(ana.student_id, uuidOf(777)), guardianClaims(1));
    expect(invoiceUrlsSchema.parse(await none.json())).toMatchObject({
      status: 'not_requested',
      invoice_id: null,
      invoices: [],
    });
  });

  test("another family's order, another school's staff and unknown ids are 404", async () => {
    const notFound = [
      [urlsPath(otherFamilyChild.student_id, failed.orderIds[0]!), guardianClaims(1)],
      [urlsPath(ana.student_id, sharedOrder.order_id), guardianClaims(5)],
      [urlsPath(ana.student_id, sharedOrder.order_id), staffOf(OTHER_SCHOOL_ID, 'OWNER')],
      [urlsPath(uuidOf(999), sharedOrder.order_id), staffOf(SCHOOL_ID, 'OWNER')],
      [urlsPath('no-es-id', sharedOrder.order_id), guardianClaims(1)],
    ] as const;
    for (const [path, claims] of notFound) {
      const res = await system.call(path, claims);
      expect([path, res.status]).toEqual([path, 404]);
      expect((await errorOf(res)).message).toBe('No encontramos esta orden.');
    }
  });

  test.each<StaffRole>(['ADMISSIONS', 'CASH_COLLECTION', 'OTHER'])(
    '%s (without invoicing.read) is refused with 403',
    async (role) => {
      const res = await system.call(
        urlsPath(ana.student_id, sharedOrder.order_id),
        staffOf(SCHOOL_ID, role),
      );
      expect(res.status).toBe(403);
      expect((await errorOf(res)).message).toBe(
        'Tu rol no tiene permiso para realizar esta acción en esta escuela.',
      );
    },
  );

  test('without a session: 401', async () => {
    expect((await system.call(urlsPath(ana.student_id, sharedOrder.order_id))).status).toBe(401);
  });
});

describe('XML and PDF downloads', () => {
  const xml = (id: string) => `/api/v1/invoices/${id}/xml/`;
  const pdf = (id: string) => `/api/v1/invoices/${id}/pdf/`;

  test('staff of the school download both', async () => {
    const res = await system.call(pdf(stamped.id), staffOf(SCHOOL_ID, 'ACCOUNTANT'));
    expect(res.status).toBe(200);
    expect(res.headers.get('content-disposition')).toContain(`factura-A-${stamped.folio}.pdf`);
    const body = await system.call(xml(stamped.id), staffOf(SCHOOL_ID, 'ACCOUNTANT'));
    expect(await body.text()).toBe(stamped.stampedXml);
  });

  test("another family, another school's staff and unknown ids are 404", async () => {
    for (const [path, claims] of [
      [xml(stamped.id), guardianClaims(5)],
      [pdf(stamped.id), staffOf(OTHER_SCHOOL_ID, 'OWNER')],
      [xml(otherSchools.id), staffOf(SCHOOL_ID, 'OWNER')],
      [xml(uuidOf(4242)), guardianClaims(1)],
      [pdf('factura'), guardianClaims(1)],
    ] as const) {
      const res = await system.call(path, claims);
      expect([path, res.status]).toEqual([path, 404]);
      expect((await errorOf(res)).message).toBe('No encontramos esta factura.');
    }
  });

  test('a role without invoicing.read gets 403; an invoice not stamped yet, 409', async () => {
    expect((await system.call(xml(stamped.id), staffOf(SCHOOL_ID, 'CASH_COLLECTION'))).status).toBe(
      403,
    );
    for (const invoice of [failed, pending]) {
      const res = await system.call(pdf(invoice.id), guardianClaims(invoice === failed ? 5 : 1));
      expect(res.status).toBe(409);
      expect((await errorOf(res)).message).toBe('La factura aún no está timbrada.');
    }
  });
});

describe('dashboard list', () => {
  const page = pageSchema(invoiceSchema);

  test('the school’s invoices, newest first, with statuses, filters, search and pages', async () => {
    const accountant = staffOf(SCHOOL_ID, 'ACCOUNTANT');
    const all = page.parse(await (await system.call(listPath(SCHOOL_ID), accountant)).json());
    expect(all.count).toBe(4);
    expect(all.results.map((i) => i.status)).toEqual(['pending', 'failed', 'success', 'success']);
    expect(all.results.every((i) => i.school_id === SCHOOL_ID)).toBe(true);
    expect(all.results[1]).toMatchObject({
      receptor_rfc: 'XAXX010101000',
      receptor_note: 'No hay RFC registrado.',
      error: { code: 'CURP_ALUMNO_INVALIDA', source: 'checks' },
    });
    const failedOnly = page.parse(
      await (await system.call(listPath(SCHOOL_ID, '?status=failed'), accountant)).json(),
    );
    expect(failedOnly.results.map((i) => i.id)).toEqual([failed.id]);
    const byFolio = page.parse(
      await (
        await system.call(listPath(SCHOOL_ID, `?search=A-${stamped.folio}`), accountant)
      ).json(),
    );
    expect(byFolio.results.map((i) => i.id)).toEqual([stamped.id]);
    const second = page.parse(
      await (await system.call(listPath(SCHOOL_ID, '?page=2&page_size=3'), accountant)).json(),
    );
    expect(second).toMatchObject({ count: 4, page: 2, page_size: 3 });
    expect(second.results).toHaveLength(1);
  });

  test('bad paging or status: 400 in Spanish', async () => {
    for (const query of ['?page=0', '?page_size=500', '?status=pagada', '?page=1.5']) {
      const res = await system.call(listPath(SCHOOL_ID, query), staffOf(SCHOOL_ID, 'OWNER'));
      expect([query, res.status]).toEqual([query, 400]);
      expect((await errorOf(res)).message).toBe(
        'Revisa los datos enviados en los parámetros de la solicitud.',
      );
    }
  });

  test('other roles, schools and callers are refused', async () => {
    expect((await system.call(listPath(SCHOOL_ID), staffOf(SCHOOL_ID, 'ADMISSIONS'))).status).toBe(
      403,
    );
    expect((await system.call(listPath(SCHOOL_ID), staffOf(OTHER_SCHOOL_ID, 'OWNER'))).status).toBe(
      404,
    );
    expect((await system.call(listPath(SCHOOL_ID), guardianClaims(1))).status).toBe(403);
    const theirs = page.parse(
      await (
        await system.call(listPath(OTHER_SCHOOL_ID), staffOf(OTHER_SCHOOL_ID, 'OWNER'))
      ).json(),
    );
    expect(theirs.results.map((i) => i.id)).toEqual([otherSchools.id]);
  });
});

describe('retry', () => {
  test('needs invoicing.write: a TREASURER, a guardian and another school change nothing', async () => {
    for (const [path, claims, status] of [
      [retryPath(SCHOOL_ID, failed.id), staffOf(SCHOOL_ID, 'TREASURER'), 403],
      [retryPath(SCHOOL_ID, failed.id), guardianClaims(5), 403],
      [retryPath(OTHER_SCHOOL_ID, failed.id), staffOf(OTHER_SCHOOL_ID, 'OWNER'), 404],
      [retryPath(SCHOOL_ID, otherSchools.id), staffOf(SCHOOL_ID, 'OWNER'), 404],
      [retryPath(SCHOOL_ID, 'no-es-id'), staffOf(SCHOOL_ID, 'OWNER'), 404],
    ] as const) {
      const res = await system.call(path, claims, POST);
      expect([path, res.status]).toEqual([path, status]);
    }
    const [unchanged] = await system.invoicesOf(failed.sourceId);
    expect(unchanged).toMatchObject({ status: 'failed', attempts: failed.attempts });
  });

  test('a stamped invoice is not stamped again: 409', async () => {
    const res = await system.call(
      retryPath(SCHOOL_ID, stamped.id),
      staffOf(SCHOOL_ID, 'OWNER'),
      POST,
    );
    expect(res.status).toBe(409);
    expect((await errorOf(res)).message).toBe('Esta factura ya está timbrada.');
  });

  test('a failed invoice goes back to pending and is built again with today’s data', async () => {
    const res = await system.call(
      retryPath(OTHER_SCHOOL_ID, otherSchools.id),
      staffOf(OTHER_SCHOOL_ID, 'ACCOUNTANT'),
      POST,
    );
    expect(res.status).toBe(200);
    expect(invoiceSchema.parse(await res.json())).toMatchObject({
      id: otherSchools.id,
      status: 'pending',
      error: null,
    });
    // Still no fiscal entity for that school: it fails again, saying so.
    expect(await system.settled(otherSchools.sourceId, elsewhere.student_id)).toMatchObject({
      status: 'failed',
      errorMessage: NO_FISCAL_ENTITY,
    });
  });
});

describe('GET …/invoices/zip/', () => {
  const zipPath = (schoolId: string, query = '') =>
    `/api/v1/dashboard/schools/${schoolId}/invoices/zip/${query}`;

  test('the filtered stamped invoices, each as its XML and PDF, in a ZIP unzip accepts', async () => {
    const res = await system.call(
      zipPath(SCHOOL_ID, `?search=A-${stamped.folio}`),
      staffOf(SCHOOL_ID, 'TREASURER'),
    );
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/zip');
    expect(res.headers.get('content-disposition')).toContain('facturas.zip');
    const dir = await mkdtemp(path.join(tmpdir(), 'facturas-zip-'));
    try {
      const file = path.join(dir, 'facturas.zip');
      await writeFile(file, Buffer.from(await res.arrayBuffer()));
      await promisify(execFile)('unzip', ['-q', file, '-d', dir]);
      const name = `factura-A-${stamped.folio}`;
      expect(await readFile(path.join(dir, `${name}.xml`), 'utf8')).toBe(stamped.stampedXml);
      expect((await readFile(path.join(dir, `${name}.pdf`))).subarray(0, 5).toString()).toBe(
        '%PDF-',
      );
      expect((await readdir(dir)).sort()).toEqual([`${name}.pdf`, `${name}.xml`, 'facturas.zip']);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  test('nothing stamped matches: a Spanish 404; a cashier 403; another school 404', async () => {
    const accountant = staffOf(SCHOOL_ID, 'ACCOUNTANT');
    const none = await system.call(zipPath(SCHOOL_ID, '?status=failed'), accountant);
    expect(none.status).toBe(404);
    expect((await errorOf(none)).message).toBe(NOTHING_TO_ZIP);
    expect(
      (await system.call(zipPath(SCHOOL_ID), staffOf(SCHOOL_ID, 'CASH_COLLECTION'))).status,
    ).toBe(403);
    expect((await system.call(zipPath(OTHER_SCHOOL_ID), accountant)).status).toBe(404);
  });
});

test("Inicio's «Pendientes» counts the school's refused invoices, for whoever reads invoices", async () => {
  const todo = (schoolId: string, role: 'ACCOUNTANT' | 'ADMISSIONS' = 'ACCOUNTANT') =>
    system.call(`/api/v1/dashboard/schools/${schoolId}/invoicing_todo/`, staffOf(schoolId, role));
  const mine = invoicingTodoSchema.parse(await (await todo(SCHOOL_ID)).json());
  expect(mine.failed_invoices).toBe(1);
  // The other school's failure (no razón social) is its own.
  expect(invoicingTodoSchema.parse(await (await todo(OTHER_SCHOOL_ID)).json())).toEqual({
    failed_invoices: 1,
    csd_to_renew: [],
  });
  expect((await todo(SCHOOL_ID, 'ADMISSIONS')).status).toBe(403);
});

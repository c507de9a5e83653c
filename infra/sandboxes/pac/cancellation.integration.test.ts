import { startPacSandbox, type PacSandbox } from './pac-sandbox.ts';
import {
  FAMILY,
  SCHOOL,
  sealedCfdi,
  testCsd,
  tuitionInvoice,
  type TestInvoice,
} from './test-cfdi.ts';
import { cancel, registerFamily, stamp, statusOf, TEST_TOKEN, control } from './test-pac-client.ts';

const DAY_MS = 24 * 60 * 60 * 1000;
const ACCEPTANCE_DELAY_MS = 60_000;
const schoolCsd = testCsd(SCHOOL.rfc);
let now = new Date();
let sandbox: PacSandbox;
let folio = 0;

beforeAll(async () => {
  sandbox = await startPacSandbox({
    port: 0,
    apiToken: TEST_TOKEN,
    now: () => now,
    cancellationDelayMs: ACCEPTANCE_DELAY_MS,
  });
  await registerFamily(sandbox.url);
});
beforeEach(() => {
  now = new Date();
});
afterAll(() => sandbox.stop());

/** Stamps a distinct CFDI (by default a $3,500.00 colegiatura) and answers its UUID. */
async function stamped(change: (invoice: TestInvoice) => void = () => {}): Promise<string> {
  const invoice = tuitionInvoice(now);
  invoice.conceptos[0]!.descripcion = `Colegiatura ${++folio}`;
  change(invoice);
  const { status, body } = await stamp(sandbox.url, sealedCfdi(invoice, schoolCsd));
  expect(status).toBe(200);
  return body.uuid;
}

const withAmount = (amount: string) => (invoice: TestInvoice) => {
  Object.assign(invoice.conceptos[0]!, { valorUnitario: amount, importe: amount });
  invoice.conceptos[0]!.iva.base = amount;
  Object.assign(invoice, { subTotal: amount, total: amount });
  invoice.impuestos.traslados = [{ base: amount }];
};

function creditNoteFor(uuid: string) {
  return (invoice: TestInvoice) => {
    withAmount('500.00')(invoice);
    invoice.tipo = 'E';
    invoice.receptor = { ...FAMILY, uso: 'S01' };
    invoice.conceptos[0]!.alumno = undefined;
    invoice.relacionados = { tipoRelacion: '01', uuids: [uuid] };
  };
}

test('motive 02 right after stamping cancels at once, and asking again answers the same', async () => {
  const uuid = await stamped();

  const first = await cancel(sandbox.url, { uuid, motivo: '02' });
  expect(first.status).toBe(200);
  expect(first.body).toMatchObject({
    uuid,
    status: 'cancelado',
    cancellation_status: 'cancelado_sin_aceptacion',
  });
  expect(first.body.fecha_cancelacion).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}$/);
  expect((await cancel(sandbox.url, { uuid, motivo: '02' })).body).toEqual(first.body);
  expect((await statusOf(sandbox.url, uuid)).body).toMatchObject({
    status: 'cancelado',
    motivo_cancelacion: '02',
    folio_sustitucion: null,
  });
});

test('motive 01 names a substitute the sandbox stamped for the same emisor; other motives must not', async () => {
  const wrong = await stamped();
  const replacement = await stamped();

  expect((await cancel(sandbox.url, { uuid: wrong, motivo: '01' })).body.error).toEqual({
    code: 'substitution_invoice_required',
    message: 'El motivo 01 requiere folio_sustitucion: el UUID del CFDI que sustituye a este.',
  });
  for (const folio_sustitucion of ['6F1C2C11-90B4-4D2B-9C55-3A8C0E7D1A11', wrong]) {
    const refused = await cancel(sandbox.url, { uuid: wrong, motivo: '01', folio_sustitucion });
    expect(refused.status).toBe(400);
    expect(refused.body.error.code).toBe('substitution_invoice_not_found');
  }
  const withFolio = await cancel(sandbox.url, {
    uuid: wrong,
    motivo: '03',
    folio_sustitucion: replacement,
  });
  expect(withFolio.body.error).toEqual({
    code: 'substitution_not_allowed',
    message: 'Solo el motivo 01 lleva folio_sustitucion.',
  });
  const badMotive = await cancel(sandbox.url, { uuid: wrong, motivo: '05' });
  expect(badMotive.status).toBe(400);
  expect(badMotive.body.error.message).toBe('motivo debe ser "01", "02", "03" o "04".');
  expect((await statusOf(sandbox.url, wrong)).body.status).toBe('vigente');

  const cancelled = await cancel(sandbox.url, {
    uuid: wrong,
    motivo: '01',
    folio_sustitucion: replacement.toLowerCase(),
  });
  expect(cancelled.body.status).toBe('cancelado');
  expect((await statusOf(sandbox.url, wrong)).body).toMatchObject({
    motivo_cancelacion: '01',
    folio_sustitucion: replacement,
  });
});

test("an unknown UUID and another emisor's CFDI get SAT's answers", async () => {
  const uuid = await stamped();
  expect(
    await cancel(sandbox.url, { uuid: '6F1C2C11-90B4-4D2B-9C55-3A8C0E7D1A11', motivo: '02' }),
  ).toMatchObject({ status: 404, body: { error: { code: '205', message: 'UUID No existe' } } });
  expect(
    await cancel(sandbox.url, { uuid, motivo: '02', rfc_emisor: 'AAA010101AAA' }),
  ).toMatchObject({
    status: 403,
    body: {
      error: {
        code: '203',
        message: 'UUID No corresponde el RFC del Emisor y de quien solicita la cancelación',
      },
    },
  });
});

test('after the next business day a $3,500 colegiatura waits for the family: accepted, rejected, or silence past the delay', async () => {
  const [accepted, rejected, silent] = [await stamped(), await stamped(), await stamped()];
  now = new Date(now.getTime() + 10 * DAY_MS);

  for (const uuid of [accepted, rejected, silent])
    expect((await cancel(sandbox.url, { uuid, motivo: '02' })).body).toMatchObject({
      status: 'en_proceso',
      cancellation_status: 'en_proceso',
    });

  const yes = await control(sandbox.url, 'POST', `/cancellations/${accepted}/accept`);
  expect(yes.body).toMatchObject({
    status: 'cancelado',
    cancellation_status: 'cancelado_con_aceptacion',
  });
  const no = await control(sandbox.url, 'POST', `/cancellations/${rejected}/reject`);
  expect(no.body).toMatchObject({ status: 'vigente', cancellation_status: 'solicitud_rechazada' });
  expect((await control(sandbox.url, 'POST', `/cancellations/${rejected}/accept`)).status).toBe(
    409,
  );

  expect((await statusOf(sandbox.url, silent)).body.status).toBe('en_proceso');
  now = new Date(now.getTime() + ACCEPTANCE_DELAY_MS);
  expect((await statusOf(sandbox.url, silent)).body).toMatchObject({
    status: 'cancelado',
    cancellation_status: 'plazo_vencido',
    motivo_cancelacion: '02',
  });
});

test('whatever their age, incomes up to $1,000, público en general and egresos cancel without acceptance', async () => {
  const small = await stamped(withAmount('1000.00'));
  const publico = await stamped((invoice) => {
    invoice.receptor = {
      rfc: 'XAXX010101000',
      nombre: 'PUBLICO EN GENERAL',
      cp: invoice.lugarExpedicion,
      regimen: '616',
      uso: 'S01',
    };
  });
  const egreso = await stamped(creditNoteFor(await stamped()));
  const large = await stamped(withAmount('1000.01'));
  now = new Date(now.getTime() + 10 * DAY_MS);

  for (const uuid of [small, publico, egreso])
    expect((await cancel(sandbox.url, { uuid, motivo: '03' })).body).toMatchObject({
      status: 'cancelado',
      cancellation_status: 'cancelado_sin_aceptacion',
    });
  expect((await cancel(sandbox.url, { uuid: large, motivo: '03' })).body.status).toBe('en_proceso');
});

test('an invoice with a vigente credit note is not cancelable until the note is cancelled', async () => {
  const invoice = await stamped();
  const creditNote = await stamped(creditNoteFor(invoice));

  const blocked = await cancel(sandbox.url, { uuid: invoice, motivo: '02' });
  expect(blocked.status).toBe(409);
  expect(blocked.body.error.code).toBe('invoice_not_cancelable_by_sat');
  expect(blocked.body.error.message).toContain(creditNote);

  expect((await cancel(sandbox.url, { uuid: creditNote, motivo: '02' })).body.status).toBe(
    'cancelado',
  );
  expect((await cancel(sandbox.url, { uuid: invoice, motivo: '02' })).body.status).toBe(
    'cancelado',
  );
});

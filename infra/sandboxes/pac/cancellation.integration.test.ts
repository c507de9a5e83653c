import { startPacSandbox, type PacSandbox } from './pac-sandbox.ts';
import {
  FAMILY,
  SCHOOL,
  sealedCfdi,
  testCsd,
  tuitionInvoice,
  type TestInvoice,
} from './test-cfdi.ts';
import {
  cancel,
  consulta,
  control,
  expressionFor,
  folioStatus,
  registerFamily,
  stamp,
  TEST_ACCOUNT,
  tokenFor,
} from './test-pac-client.ts';

const DAY_MS = 24 * 60 * 60 * 1000;
const ACCEPTANCE_DELAY_MS = 60_000;
const schoolCsd = testCsd(SCHOOL.rfc);
let now = new Date();
let sandbox: PacSandbox;
let token: string;
let folio = 0;

beforeAll(async () => {
  sandbox = await startPacSandbox({
    port: 0,
    account: { ...TEST_ACCOUNT, tokenTtlMs: 365 * DAY_MS },
    now: () => now,
    cancellationDelayMs: ACCEPTANCE_DELAY_MS,
  });
  token = await tokenFor(sandbox.url);
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
  const { status, body } = await stamp(sandbox.url, token, sealedCfdi(invoice, schoolCsd));
  expect(status).toBe(200);
  return body.data.uuid as string;
}

const cancelled = (request: Record<string, string>, csd = schoolCsd) =>
  cancel(sandbox.url, token, csd, request);
const statusOf = (uuid: string, total = '3500.00', receptor = FAMILY.rfc) =>
  consulta(sandbox.url, expressionFor(uuid, total, receptor));

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

test('motive 02 right after stamping cancels at once with an acuse; asking again answers 202', async () => {
  const uuid = await stamped();

  const first = await cancelled({ uuid: uuid.toLowerCase(), motivo: '02' });
  expect(first.status).toBe(200);
  expect(first.body).toMatchObject({ status: 'success', data: { uuid: { [uuid]: '201' } } });
  expect(first.body.data.acuse).toMatch(
    new RegExp(
      `RfcEmisor="${SCHOOL.rfc}"><Folios xmlns="http://cancelacfd.sat.gob.mx"><UUID>${uuid}</UUID><EstatusUUID>201</EstatusUUID>`,
    ),
  );
  expect(await statusOf(uuid)).toMatchObject({
    Estado: 'Cancelado',
    EsCancelable: 'No cancelable',
    EstatusCancelacion: 'Cancelado sin aceptación',
  });
  expect(folioStatus(await cancelled({ uuid, motivo: '02' }))).toBe('202');
  expect(sandbox.state.stamp(uuid)).toMatchObject({
    motivo_cancelacion: '02',
    status: 'cancelado',
  });
});

test('motive 01 names a substitute the sandbox stamped for the same emisor; other motives must not', async () => {
  const wrong = await stamped();
  const replacement = await stamped();

  expect(folioStatus(await cancelled({ uuid: wrong, motivo: '01' }))).toBe('208');
  for (const foliosustitucion of ['6F1C2C11-90B4-4D2B-9C55-3A8C0E7D1A11', wrong])
    expect(folioStatus(await cancelled({ uuid: wrong, motivo: '01', foliosustitucion }))).toBe(
      '208',
    );
  expect(
    folioStatus(await cancelled({ uuid: wrong, motivo: '03', foliosustitucion: replacement })),
  ).toBe('209');
  expect(folioStatus(await cancelled({ uuid: wrong, motivo: '05' }))).toBe('207');
  expect((await statusOf(wrong)).Estado).toBe('Vigente');

  // The Node SDK spells it folioSustitucion; SW reads either.
  const answer = await cancelled({
    uuid: wrong,
    motivo: '01',
    folioSustitucion: replacement.toLowerCase(),
  });
  expect(folioStatus(answer)).toBe('201');
  expect(sandbox.state.stamp(wrong)).toMatchObject({
    status: 'cancelado',
    motivo_cancelacion: '01',
    folio_sustitucion: replacement,
  });
});

test("an unknown UUID and another emisor's CFDI get SAT's folio codes 205 and 203", async () => {
  const uuid = await stamped();
  expect(
    folioStatus(await cancelled({ uuid: '6F1C2C11-90B4-4D2B-9C55-3A8C0E7D1A11', motivo: '02' })),
  ).toBe('205');
  const other = testCsd('AAA010101AA1');
  expect(folioStatus(await cancelled({ uuid, motivo: '02', rfc: 'AAA010101AA1' }, other))).toBe(
    '203',
  );
});

test('the cancellation is signed with the issuer’s CSD: a wrong password, key or RFC is refused', async () => {
  const uuid = await stamped();
  const refusals: [Record<string, string>, string][] = [
    [{ password: 'otra' }, 'No se pudo abrir b64Key con la contraseña (password).'],
    [
      { b64Cer: testCsd(SCHOOL.rfc).certificate },
      'La llave (b64Key) no corresponde al certificado (b64Cer).',
    ],
    [{ rfc: 'AAA010101AA1' }, `El certificado es del RFC ${SCHOOL.rfc}, no de AAA010101AA1.`],
    [{ b64Cer: '' }, 'Faltan o están vacíos: b64Cer.'],
  ];
  for (const [change, messageDetail] of refusals) {
    const answer = await cancelled({ uuid, motivo: '02', ...change });
    expect(answer.status).toBe(400);
    expect(answer.body).toEqual({
      message: 'CACFDI33 - Problemas con los campos.',
      messageDetail,
      data: null,
      status: 'error',
    });
  }
  const expired = testCsd(SCHOOL.rfc, '30001000000500003416', {
    from: new Date(Date.now() - 2 * 365 * DAY_MS),
    to: new Date(Date.now() - DAY_MS),
  });
  expect((await cancelled({ uuid, motivo: '02' }, expired)).body.messageDetail).toBe(
    'El certificado no está vigente.',
  );
  expect((await statusOf(uuid)).Estado).toBe('Vigente');
});

test('after the next business day a $3,500 colegiatura waits for the family: accepted, rejected, or silence past the delay', async () => {
  const [accepted, rejected, silent] = [await stamped(), await stamped(), await stamped()];
  now = new Date(now.getTime() + 10 * DAY_MS);
  expect(await statusOf(accepted)).toMatchObject({ EsCancelable: 'Cancelable con aceptación' });

  for (const uuid of [accepted, rejected, silent]) {
    expect(folioStatus(await cancelled({ uuid, motivo: '02' }))).toBe('201');
    expect(await statusOf(uuid)).toMatchObject({
      Estado: 'Vigente',
      EstatusCancelacion: 'En proceso',
    });
  }
  expect(folioStatus(await cancelled({ uuid: silent, motivo: '02' }))).toBe('202');

  const yes = await control(sandbox.url, 'POST', `/cancellations/${accepted}/accept`);
  expect(yes.body).toMatchObject({
    status: 'cancelado',
    cancellation_status: 'cancelado_con_aceptacion',
  });
  expect(await statusOf(accepted)).toMatchObject({
    Estado: 'Cancelado',
    EstatusCancelacion: 'Cancelado con aceptación',
  });
  await control(sandbox.url, 'POST', `/cancellations/${rejected}/reject`);
  expect(await statusOf(rejected)).toMatchObject({
    Estado: 'Vigente',
    EstatusCancelacion: 'Solicitud rechazada',
  });
  expect((await control(sandbox.url, 'POST', `/cancellations/${rejected}/accept`)).status).toBe(
    409,
  );

  now = new Date(now.getTime() + ACCEPTANCE_DELAY_MS);
  expect(await statusOf(silent)).toMatchObject({
    Estado: 'Cancelado',
    EstatusCancelacion: 'Plazo vencido',
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
    expect(folioStatus(await cancelled({ uuid, motivo: '03' }))).toBe('201');
  expect(await statusOf(small, '1000.00')).toMatchObject({
    Estado: 'Cancelado',
    EstatusCancelacion: 'Cancelado sin aceptación',
  });
  expect((await statusOf(publico, '3500.00', 'XAXX010101000')).Estado).toBe('Cancelado');
  expect(folioStatus(await cancelled({ uuid: large, motivo: '03' }))).toBe('201');
  expect((await statusOf(large, '1000.01')).EstatusCancelacion).toBe('En proceso');
});

test('an invoice with a vigente credit note is not cancelable (204) until the note is cancelled', async () => {
  const invoice = await stamped();
  const creditNote = await stamped(creditNoteFor(invoice));

  expect((await statusOf(invoice)).EsCancelable).toBe('No cancelable');
  expect(folioStatus(await cancelled({ uuid: invoice, motivo: '02' }))).toBe('204');
  expect(folioStatus(await cancelled({ uuid: creditNote, motivo: '02' }))).toBe('201');
  expect(folioStatus(await cancelled({ uuid: invoice, motivo: '02' }))).toBe('201');
});

test('the consulta answers "no encontrado" for an unknown UUID or another total, and 601 for a bad expression', async () => {
  const uuid = await stamped();
  expect(await statusOf(uuid, '3500.01')).toEqual({
    CodigoEstatus: 'N - 602: Comprobante no encontrado.',
    EsCancelable: '',
    Estado: 'No Encontrado',
    EstatusCancelacion: '',
    ValidacionEFOS: '',
  });
  expect((await statusOf(uuid, '3500.0')).Estado).toBe('Vigente');
  expect((await consulta(sandbox.url, `?id=${uuid}`)).CodigoEstatus).toBe(
    'N - 601: La expresión impresa proporcionada no es válida.',
  );
});

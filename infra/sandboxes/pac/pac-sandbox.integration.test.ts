import { execFileSync } from 'node:child_process';
import { verify, X509Certificate } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { SAT_FILES } from '@cuota/sat-cfd/sat-files';
import { startPacSandbox, type PacSandbox } from './pac-sandbox.ts';
import {
  cadenaOf,
  FAMILY,
  mexicoCityTime,
  SCHOOL,
  sealedCfdi,
  testCsd,
  tuitionInvoice,
  uniformInvoice,
  type TestInvoice,
} from './test-cfdi.ts';
import {
  authenticate,
  consulta,
  control,
  expressionFor,
  registerFamily,
  stamp,
  TEST_ACCOUNT,
  tokenFor,
} from './test-pac-client.ts';

const HOUR_MS = 60 * 60 * 1000;
const YEAR_MS = 365 * 24 * HOUR_MS;
const PREVIOUS_STAMP = '307. El comprobante contiene un timbre previo.';
const schoolCsd = testCsd(SCHOOL.rfc);
let sandbox: PacSandbox;
let token: string;

beforeAll(async () => {
  sandbox = await startPacSandbox({ port: 0, account: TEST_ACCOUNT });
  token = await tokenFor(sandbox.url);
  await registerFamily(sandbox.url);
  // Another family (its postal code exists in SAT's list) and a RESICO parent.
  await control(sandbox.url, 'PUT', '/taxpayers/MAPL850505QR9', {
    name: 'LAURA MARTINEZ PEREZ',
    postal_code: '44100',
    regimes: ['605', '612'],
  });
  await control(sandbox.url, 'PUT', '/taxpayers/PERJ900101AB8', {
    name: 'JUAN PEREZ RAMOS',
    postal_code: '06700',
    regimes: ['626'],
  });
});
afterAll(() => sandbox.stop());

let month = 0;
/** A colegiatura of its own (each description differs, so each is a new document). */
function tuition(change: (invoice: TestInvoice) => void = () => {}, csd = schoolCsd): string {
  const invoice = tuitionInvoice(new Date());
  invoice.conceptos[0]!.descripcion = `Colegiatura ${++month}`;
  change(invoice);
  return sealedCfdi(invoice, csd);
}

const attributeOf = (xml: string, name: string) =>
  new RegExp(`\\s${name}="([^"]*)"`).exec(xml)?.[1];

test('a sealed colegiatura is stamped with SW’s v4 answer: a TFD that validates, whose SelloSAT and cadena verify', async () => {
  const sealed = tuition();
  const { status, body } = await stamp(sandbox.url, token, sealed);

  expect(status).toBe(200);
  expect(body.status).toBe('success');
  const data = body.data as Record<string, string>;
  expect(data.uuid).toMatch(
    /^[0-9A-F]{8}-[0-9A-F]{4}-4[0-9A-F]{3}-[89AB][0-9A-F]{3}-[0-9A-F]{12}$/,
  );
  const timbre = /<tfd:TimbreFiscalDigital[^>]*\/>/.exec(data.cfdi!)![0];
  // SAT's TFD 1.1 schema accepts the timbre on its own (xmllint exits non-zero otherwise).
  execFileSync('xmllint', ['--noout', '--schema', SAT_FILES.tfd11Xsd, '-'], {
    input: timbre,
    stdio: 'pipe',
  });
  expect(attributeOf(timbre, 'Version')).toBe('1.1');
  expect(attributeOf(timbre, 'UUID')).toBe(data.uuid);
  expect(attributeOf(timbre, 'FechaTimbrado')).toBe(data.fechaTimbrado);
  expect(attributeOf(timbre, 'SelloCFD')).toBe(attributeOf(sealed, 'Sello'));
  expect(data.selloCFDI).toBe(attributeOf(sealed, 'Sello'));
  expect(attributeOf(timbre, 'NoCertificadoSAT')).toBe(data.noCertificadoSAT);
  expect(data.noCertificadoCFDI).toBe(schoolCsd.noCertificado);
  expect(Date.now() - new Date(`${data.fechaTimbrado}-06:00`).getTime()).toBeLessThan(60_000);

  const certificate = (await control(sandbox.url, 'GET', '/certificate')).body as {
    rfc: string;
    certificate_pem: string;
  };
  expect(attributeOf(timbre, 'RfcProvCertif')).toBe(certificate.rfc);
  const x509 = new X509Certificate(certificate.certificate_pem);
  expect(Buffer.from(x509.serialNumber, 'hex').toString('latin1')).toBe(data.noCertificadoSAT);
  const cadenaTfd = cadenaOf(timbre, SAT_FILES.cadenaOriginalTfd11Xslt);
  expect(data.cadenaOriginalSAT).toBe(cadenaTfd);
  expect(cadenaTfd).toBe(
    `||1.1|${data.uuid}|${data.fechaTimbrado}|${certificate.rfc}|${attributeOf(sealed, 'Sello')}|${data.noCertificadoSAT}||`,
  );
  expect(data.selloSAT).toBe(attributeOf(timbre, 'SelloSAT'));
  const selloSat = Buffer.from(data.selloSAT!, 'base64');
  expect(verify('RSA-SHA256', Buffer.from(cadenaTfd), x509.publicKey, selloSat)).toBe(true);
  // The QR of the representación impresa, as a PNG.
  expect(Buffer.from(data.qrCode!, 'base64').subarray(1, 4).toString()).toBe('PNG');
  // The issuer's document is untouched: the same cadena original, so its Sello still holds.
  expect(cadenaOf(data.cfdi!)).toBe(cadenaOf(sealed));

  expect(await consulta(sandbox.url, expressionFor(data.uuid!))).toMatchObject({
    CodigoEstatus: 'S - Comprobante obtenido satisfactoriamente.',
    Estado: 'Vigente',
    EsCancelable: 'Cancelable sin aceptación',
    EstatusCancelacion: '',
  });
  const page = await (await fetch(`${sandbox.url}/`)).text();
  expect(page).toContain(data.uuid);
});

test('a taxed sale is stamped: IVA 16 % within SAT limits and the Comprobante totals agree', async () => {
  const { status, body } = await stamp(
    sandbox.url,
    token,
    sealedCfdi(uniformInvoice(new Date()), schoolCsd),
  );
  expect(status).toBe(200);
  expect(body.data.cfdi).toContain('TotalImpuestosTrasladados="144.00"');
});

test('the same sealed CFDI again, even at once, answers 307 with the first stamp: one UUID', async () => {
  const sealed = tuition();
  const [first, second] = await Promise.all([
    stamp(sandbox.url, token, sealed),
    stamp(sandbox.url, token, sealed),
  ]);
  const again = await stamp(sandbox.url, token, sealed);

  expect([first.status, second.status].sort()).toEqual([200, 400]);
  const [stamped, previous] = first.status === 200 ? [first, second] : [second, first];
  for (const answer of [previous, again]) {
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({ status: 'error', message: PREVIOUS_STAMP });
    expect(answer.body.data).toEqual(stamped.body.data);
  }
  expect(
    sandbox.state.stamps().filter((s) => s.xml.includes(attributeOf(sealed, 'Sello')!)),
  ).toHaveLength(1);
});

test('a CFDI that carries a timbre the sandbox did not give is refused with 307 and no data', async () => {
  const foreign = tuition().replace(
    '</cfdi:Comprobante>',
    '<cfdi:Complemento><tfd:TimbreFiscalDigital xmlns:tfd="http://www.sat.gob.mx/TimbreFiscalDigital" Version="1.1" UUID="6F1C2C11-90B4-4D2B-9C55-3A8C0E7D1A11" FechaTimbrado="2026-01-01T00:00:00" RfcProvCertif="SPR190613I52" SelloCFD="x" NoCertificadoSAT="30001000000500003456" SelloSAT="x"/></cfdi:Complemento></cfdi:Comprobante>',
  );
  const { status, body } = await stamp(sandbox.url, token, foreign);
  expect(status).toBe(400);
  expect(body).toMatchObject({ status: 'error', message: PREVIOUS_STAMP, data: null });
});

const rejections: [string, () => string, string, string][] = [
  [
    'a name that is not the registered one',
    () => tuition((i) => (i.receptor = { ...FAMILY, nombre: 'ANA GOMEZ' })),
    'CFDI40145',
    'El campo Nombre del receptor, debe pertenecer al nombre asociado al RFC registrado en el campo Rfc del Receptor.',
  ],
  [
    'a postal code found nowhere in the list',
    () => tuition((i) => (i.receptor = { ...FAMILY, cp: '99999' })),
    'CFDI40147',
    'El campo DomicilioFiscalReceptor del receptor, debe encontrarse en la lista de RFC inscritos no cancelados en el SAT.',
  ],
  [
    "another taxpayer's postal code",
    () => tuition((i) => (i.receptor = { ...FAMILY, cp: '44100' })),
    'CFDI40148',
    'El campo DomicilioFiscalReceptor del receptor, debe pertenecer al nombre asociado al RFC registrado en el campo Rfc del Receptor.',
  ],
  [
    'a régimen outside c_RegimenFiscal',
    () => tuition((i) => (i.receptor = { ...FAMILY, regimen: '609' })),
    'CFDI40157',
    'El campo RegimenFiscalR, no contiene un valor del catálogo c_RegimenFiscal.',
  ],
  [
    "a persona moral's régimen for a persona física",
    () => tuition((i) => (i.receptor = { ...FAMILY, regimen: '601', uso: 'G03' })),
    'CFDI40158',
    'La clave del campo RegimenFiscalR debe corresponder con el tipo de persona (física o moral).',
  ],
  [
    'a régimen the RFC is not registered in',
    () => tuition((i) => (i.receptor = { ...FAMILY, regimen: '612' })),
    'CFDI40159',
    'La clave del campo RegimenFiscalR no corresponde de acuerdo al RFC del receptor.',
  ],
  [
    'D10 (colegiaturas) for a parent in RESICO (626)',
    () =>
      tuition(
        (i) =>
          (i.receptor = {
            rfc: 'PERJ900101AB8',
            nombre: 'JUAN PEREZ RAMOS',
            cp: '06700',
            regimen: '626',
            uso: 'D10',
          }),
      ),
    'CFDI40161',
    'La clave del campo UsoCFDI debe corresponder con el tipo de persona (física o moral) y el régimen correspondiente.',
  ],
  [
    'a UsoCFDI outside c_UsoCFDI',
    () => tuition((i) => (i.receptor = { ...FAMILY, uso: 'P01' })),
    'CFDI40160',
    'El campo UsoCFDI, no contiene un valor del catálogo c_UsoCFDI.',
  ],
  [
    "público en general with the family's postal code instead of LugarExpedicion",
    () =>
      tuition(
        (i) =>
          (i.receptor = {
            rfc: 'XAXX010101000',
            nombre: 'PUBLICO EN GENERAL',
            cp: '06700',
            regimen: '616',
            uso: 'S01',
          }),
      ),
    'CFDI40149',
    'El campo DomicilioFiscalReceptor, no es igual al valor del campo LugarExpedicion.',
  ],
  [
    'público en general in a régimen other than 616',
    () =>
      tuition(
        (i) =>
          (i.receptor = {
            rfc: 'XAXX010101000',
            nombre: 'PUBLICO EN GENERAL',
            cp: '06600',
            regimen: '605',
            uso: 'S01',
          }),
      ),
    'CFDI40159',
    'La clave del campo RegimenFiscalR no corresponde de acuerdo al RFC del receptor.',
  ],
  [
    'a SubTotal that is not the sum of the concepts',
    () => tuition((i) => Object.assign(i, { subTotal: '3600.00', total: '3600.00' })),
    'CFDI40108',
    'El TipoDeComprobante es I,E o N, el importe registrado en el campo no es igual al redondeo de la suma de los importes de los conceptos registrados.',
  ],
  [
    'a Total that is not SubTotal − Descuento + traslados − retenciones',
    () => tuition((i) => (i.total = '3499.99')),
    'CFDI40119',
    'El campo Total no corresponde con la suma del subtotal, menos los descuentos aplicables, más las contribuciones recibidas (impuestos trasladados - federales o locales, derechos, productos, aprovechamientos, aportaciones de seguridad social, contribuciones de mejoras) menos los impuestos retenidos y/o locales.',
  ],
  [
    'a concept Importe that is not Cantidad × ValorUnitario',
    () =>
      tuition((i) => {
        // Written as "1" the Cantidad would grant ±0.5 units of tolerance (SAT's rule).
        i.conceptos[0]!.cantidad = '1.00';
        i.conceptos[0]!.importe = '3400.00';
        Object.assign(i, { subTotal: '3400.00', total: '3400.00' });
      }),
    'CFDI40167',
    'El valor del campo Importe no se encuentra entre el limite inferior y superior permitido.',
  ],
  [
    'an IVA Importe outside Base × TasaOCuota and its rounding tolerance',
    () => {
      const invoice = uniformInvoice(new Date());
      invoice.conceptos[0]!.iva.importe = '144.02'; // limits for 900.00 × 0.16: 143.99–144.01
      return sealedCfdi(invoice, schoolCsd);
    },
    'CFDI40180',
    'El valor del campo Importe que corresponde a Traslado no se encuentra entre el limite inferior y superior permitido.',
  ],
  [
    "Comprobante-level IVA that is not the sum of the concepts'",
    () => {
      const invoice = uniformInvoice(new Date());
      invoice.impuestos = {
        totalTrasladados: '143.00',
        traslados: [{ base: '900.00', tasa: '0.160000', importe: '143.00' }],
      };
      invoice.total = '1043.00';
      return sealedCfdi(invoice, schoolCsd);
    },
    'CFDI40221',
    'El valor del campo Importe correspondiente a Traslado no es igual a la suma de los importes de los impuestos trasladados registrados en los conceptos donde el impuesto sea igual al campo impuesto de este elemento y la TasaOCuota sea igual al campo TasaOCuota de este elemento.',
  ],
  [
    'a Fecha more than 72 hours old',
    () => tuition((i) => (i.fecha = mexicoCityTime(new Date(Date.now() - 73 * HOUR_MS)))),
    '401',
    'Fecha y hora de generación fuera de rango.',
  ],
  [
    'a Fecha in the future',
    () => tuition((i) => (i.fecha = mexicoCityTime(new Date(Date.now() + HOUR_MS)))),
    '401',
    'Fecha y hora de generación fuera de rango.',
  ],
  [
    "a certificate whose RFC is not the emisor's",
    () => tuition(() => {}, testCsd('AAA010101AA1')),
    '303',
    'Sello no corresponde a emisor.',
  ],
  [
    'a certificate that had expired at Fecha',
    () =>
      tuition(
        () => {},
        testCsd(SCHOOL.rfc, '30001000000500003416', {
          from: new Date(Date.now() - 2 * YEAR_MS),
          to: new Date(Date.now() - YEAR_MS),
        }),
      ),
    '305',
    'La fecha de emisión no está dentro de la vigencia del CSD del Emisor.',
  ],
  [
    "a NoCertificado that is not the certificate's serial",
    () => tuition(() => {}, { ...schoolCsd, noCertificado: '30001000000500009999' }),
    'CFDI40106',
    'El certificado no cumple con alguno de los valores permitidos.',
  ],
  [
    'an amount changed after sealing',
    () => tuition().replace(' Total="3500.00"', ' Total="350.00"'),
    'CFDI40102',
    'El resultado de la digestión debe ser igual al resultado de la desencripción del sello.',
  ],
  [
    'a document SAT’s schema refuses (no Exportacion)',
    () => tuition().replace(' Exportacion="01"', ''),
    '301',
    'XML mal formado.',
  ],
];

test.each(rejections)(
  'refuses %s, in SW’s envelope with SAT’s code',
  async (_case, document, code, text) => {
    const { status, body } = await stamp(sandbox.url, token, document());
    expect(status).toBe(400);
    // SW writes Anexo 20's three-digit codes "307. texto" and the matrix's "CFDI40101 - texto".
    const message = /^\d{3}$/.test(code) ? `${code}. ${text}` : `${code} - ${text}`;
    expect(body).toMatchObject({ status: 'error', message, data: null });
  },
);

/** A family whose fiscal data was entered after the sandbox started: never registered here. */
const NEW_FAMILY = {
  rfc: 'RERO850101AB1',
  nombre: 'ROSA REYES ORTIZ',
  cp: '45050',
  regimen: '612',
  uso: 'D10',
};

test('a family the stand-in was never told about stamps with what the CFDI says, by SAT’s rules', async () => {
  const newFamily = await stamp(
    sandbox.url,
    token,
    tuition((i) => (i.receptor = NEW_FAMILY)),
  );
  expect(newFamily).toMatchObject({ status: 200, body: { status: 'success' } });
  // Not learnt: the family may correct its postal code and stamp again.
  const corrected = tuition((i) => (i.receptor = { ...NEW_FAMILY, cp: '45060' }));
  expect((await stamp(sandbox.url, token, corrected)).status).toBe(200);
  expect(sandbox.state.taxpayer(NEW_FAMILY.rfc)).toBeUndefined();

  // The rules that need no registry still apply: a moral's régimen, D10 in RESICO.
  const moral = tuition((i) => (i.receptor = { ...NEW_FAMILY, regimen: '601', uso: 'G03' }));
  expect((await stamp(sandbox.url, token, moral)).body.message).toMatch(/^CFDI40158 - /);
  const resico = tuition((i) => (i.receptor = { ...NEW_FAMILY, regimen: '626' }));
  expect((await stamp(sandbox.url, token, resico)).body.message).toMatch(/^CFDI40161 - /);
});

test('with unknown_receptors not_listed, an RFC SAT does not list is refused with CFDI40143', async () => {
  await control(sandbox.url, 'PUT', '/behaviour', { unknown_receptors: 'not_listed' });
  try {
    const stranger = tuition((i) => (i.receptor = { ...FAMILY, rfc: 'XOXO800101AB7' }));
    expect((await stamp(sandbox.url, token, stranger)).body).toMatchObject({
      status: 'error',
      message:
        'CFDI40143 - Este RFC del receptor no existe en la lista de RFC inscritos no cancelados del SAT.',
    });
    expect((await stamp(sandbox.url, token, tuition())).status).toBe(200);
  } finally {
    await control(sandbox.url, 'PUT', '/behaviour', { unknown_receptors: 'inscribed' });
  }
});

test('authentication: a token for the account’s user and password, refused otherwise in SW’s words', async () => {
  const issued = await authenticate(sandbox.url);
  expect(issued.status).toBe(200);
  expect(issued.body).toMatchObject({ status: 'success', data: { tokeny_type: 'Bearer' } });
  // expires_in is a UNIX time in seconds, two hours ahead.
  expect(issued.body.data.expires_in! * 1000 - Date.now()).toBeGreaterThan(2 * HOUR_MS - 60_000);

  const wrong = await authenticate(sandbox.url, { ...TEST_ACCOUNT, password: 'otra' });
  expect(wrong.status).toBe(401);
  expect(wrong.body).toEqual({
    message:
      'AU2000 - El usuario y/o contraseña son inválidos, no se puede autenticar el servicio.',
    messageDetail: null,
    data: null,
    status: 'error',
  });
  const sealed = tuition();
  const refusals = [
    ['', 'AU4101 - El token proporcionado viene vacio.'],
    ['otro-token', 'El token debe contener 3 partes'],
    ['a.b.c', 'AU4000 - No fue posible validar el token.'],
  ];
  for (const [bad, message] of refusals) {
    const answer = await stamp(sandbox.url, bad!, sealed);
    expect(answer.status).toBe(401);
    expect(answer.body).toMatchObject({ status: 'error', message });
  }
  const json = await fetch(`${sandbox.url}/cfdi33/stamp/v4`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: '{}',
  });
  expect(json.status).toBe(400);
  expect(await json.json()).toMatchObject({ status: 'error', message: '301. XML mal formado.' });
});

test('a token past its two hours is refused; an infinite token never expires', async () => {
  let now = new Date();
  const clocked = await startPacSandbox({
    port: 0,
    account: { ...TEST_ACCOUNT, infiniteToken: 'token-infinito-de-pruebas' },
    now: () => now,
  });
  try {
    await registerFamily(clocked.url);
    const fresh = await tokenFor(clocked.url);
    now = new Date(now.getTime() + 2 * HOUR_MS);
    const expired = await stamp(clocked.url, fresh, tuition());
    expect(expired).toMatchObject({
      status: 401,
      body: { status: 'error', message: 'AU4000 - No fue posible validar el token.' },
    });
    now = new Date(Date.now()); // Fecha must be within 72 hours of the PAC's clock.
    expect((await stamp(clocked.url, 'token-infinito-de-pruebas', tuition())).status).toBe(200);
    expect(clocked.auth.issued).toBe(1);
  } finally {
    await clocked.stop();
  }
});

test('the next stamps can be made to fail with 503 so callers can prove their retries', async () => {
  await control(sandbox.url, 'PUT', '/behaviour', { fail_next_stamps: 1 });
  const sealed = tuition();

  const failed = await stamp(sandbox.url, token, sealed);
  expect(failed.status).toBe(503);
  expect(failed.headers.get('retry-after')).toBe('1');
  expect((await stamp(sandbox.url, token, sealed)).status).toBe(200);
});

test('the next stamps can be made slow, to prove callers time out and retry', async () => {
  const behaviour = await control(sandbox.url, 'PUT', '/behaviour', {
    slow_next_stamps: 1,
    slow_ms: 300,
  });
  expect(behaviour.body).toMatchObject({ slow_next_stamps: 1, slow_ms: 300 });

  const started = Date.now();
  expect((await stamp(sandbox.url, token, tuition())).status).toBe(200);
  expect(Date.now() - started).toBeGreaterThanOrEqual(300);
  expect((await control(sandbox.url, 'GET', '/behaviour')).body).toMatchObject({
    slow_next_stamps: 0,
  });
  const refused = await control<{ error: { message: string } }>(sandbox.url, 'PUT', '/behaviour', {
    slow_ms: -1,
  });
  expect(refused.body.error.message).toBe('slow_ms debe ser un entero entre 0 y 120000.');
});

test('an answer can be lost after the stamp: the retry gets 307 with that stamp, never a second UUID', async () => {
  await control(sandbox.url, 'PUT', '/behaviour', { lose_next_answers: 1 });
  const sealed = tuition();

  await expect(stamp(sandbox.url, token, sealed)).rejects.toThrow();
  const retry = await stamp(sandbox.url, token, sealed);
  expect(retry.body).toMatchObject({ status: 'error', message: PREVIOUS_STAMP });
  const stamps = sandbox.state.stamps().filter((s) => s.sello_cfd === attributeOf(sealed, 'Sello'));
  expect(stamps).toHaveLength(1);
  expect(retry.body.data.uuid).toBe(stamps[0]!.uuid);
});

test('the taxpayer registry refuses incomplete data in Spanish', async () => {
  const bad = await control<{ error: { message: string } }>(
    sandbox.url,
    'PUT',
    '/taxpayers/GOMA800101AB6',
    { name: 'ANA', postal_code: '067', regimes: ['605'] },
  );
  expect(bad.status).toBe(400);
  expect(bad.body.error.message).toBe('postal_code debe tener 5 dígitos.');
  const list = (await control<unknown[]>(sandbox.url, 'GET', '/taxpayers')).body;
  expect(list).toContainEqual({
    rfc: FAMILY.rfc,
    name: FAMILY.nombre,
    postal_code: FAMILY.cp,
    regimes: ['605'],
  });
});

test('with PAC_STATE_FILE a restart keeps stamped CFDI, the registry and the certificate, not tokens', async () => {
  const stateFile = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'pac-state-')), 'pac.json');
  const first = await startPacSandbox({ port: 0, account: TEST_ACCOUNT, stateFile });
  await registerFamily(first.url);
  const sealed = tuition();
  const oldToken = await tokenFor(first.url);
  const stamped = await stamp(first.url, oldToken, sealed);
  expect(stamped.status).toBe(200);
  await first.stop();
  // A state file written before the TFD's seal and cadena were kept answers the same.
  const saved = JSON.parse(fs.readFileSync(stateFile, 'utf8')) as {
    stamps: Record<string, unknown>[];
  };
  saved.stamps = saved.stamps.map(
    ({ sello_sat: _s, cadena_original_sat: _c, ...old }: Record<string, unknown>) => old,
  );
  fs.writeFileSync(stateFile, JSON.stringify(saved));

  const second = await startPacSandbox({ port: 0, account: TEST_ACCOUNT, stateFile });
  try {
    expect((await stamp(second.url, oldToken, sealed)).status).toBe(401);
    expect(
      await consulta(second.url, expressionFor(stamped.body.data.uuid as string)),
    ).toMatchObject({
      Estado: 'Vigente',
    });
    const again = await stamp(second.url, await tokenFor(second.url), sealed);
    expect(again.body).toMatchObject({ message: PREVIOUS_STAMP, data: stamped.body.data });
  } finally {
    await second.stop();
  }
});

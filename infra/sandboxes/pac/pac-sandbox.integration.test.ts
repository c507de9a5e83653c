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
import { control, registerFamily, stamp, statusOf, TEST_TOKEN } from './test-pac-client.ts';

const HOUR_MS = 60 * 60 * 1000;
const YEAR_MS = 365 * 24 * HOUR_MS;
const schoolCsd = testCsd(SCHOOL.rfc);
let sandbox: PacSandbox;

beforeAll(async () => {
  sandbox = await startPacSandbox({ port: 0, apiToken: TEST_TOKEN });
  await registerFamily(sandbox.url);
  // Another family (its postal code exists in SAT's list) and a RESICO parent.
  await control(sandbox.url, 'PUT', '/taxpayers/MAPL850505QR3', {
    name: 'LAURA MARTINEZ PEREZ',
    postal_code: '44100',
    regimes: ['605', '612'],
  });
  await control(sandbox.url, 'PUT', '/taxpayers/PERJ900101AB3', {
    name: 'JUAN PEREZ RAMOS',
    postal_code: '06700',
    regimes: ['626'],
  });
});
afterAll(() => sandbox.stop());

function tuition(change: (invoice: TestInvoice) => void = () => {}, csd = schoolCsd): string {
  const invoice = tuitionInvoice(new Date());
  change(invoice);
  return sealedCfdi(invoice, csd);
}

const attributeOf = (xml: string, name: string) =>
  new RegExp(`\\s${name}="([^"]*)"`).exec(xml)?.[1];

test('a sealed colegiatura is stamped with a TimbreFiscalDigital that validates and whose SelloSAT verifies', async () => {
  const sealed = tuition();
  const { status, body } = await stamp(sandbox.url, sealed);

  expect(status).toBe(200);
  expect(body.uuid).toMatch(
    /^[0-9A-F]{8}-[0-9A-F]{4}-4[0-9A-F]{3}-[89AB][0-9A-F]{3}-[0-9A-F]{12}$/,
  );
  expect(body.previously_stamped).toBe(false);
  const timbre = /<tfd:TimbreFiscalDigital[^>]*\/>/.exec(body.xml)![0];
  // SAT's TFD 1.1 schema accepts the timbre on its own (xmllint exits non-zero otherwise).
  execFileSync('xmllint', ['--noout', '--schema', SAT_FILES.tfd11Xsd, '-'], {
    input: timbre,
    stdio: 'pipe',
  });
  expect(attributeOf(timbre, 'Version')).toBe('1.1');
  expect(attributeOf(timbre, 'UUID')).toBe(body.uuid);
  expect(attributeOf(timbre, 'FechaTimbrado')).toBe(body.fecha_timbrado);
  expect(attributeOf(timbre, 'SelloCFD')).toBe(attributeOf(sealed, 'Sello'));
  expect(attributeOf(timbre, 'NoCertificadoSAT')).toBe(body.no_certificado_sat);
  expect(Date.now() - new Date(`${body.fecha_timbrado}-06:00`).getTime()).toBeLessThan(60_000);

  const certificate = (await control(sandbox.url, 'GET', '/certificate')).body as unknown as {
    rfc: string;
    certificate_pem: string;
  };
  expect(attributeOf(timbre, 'RfcProvCertif')).toBe(certificate.rfc);
  const x509 = new X509Certificate(certificate.certificate_pem);
  expect(Buffer.from(x509.serialNumber, 'hex').toString('latin1')).toBe(body.no_certificado_sat);
  const cadenaTfd = cadenaOf(timbre, SAT_FILES.cadenaOriginalTfd11Xslt);
  expect(cadenaTfd).toBe(
    `||1.1|${body.uuid}|${body.fecha_timbrado}|${certificate.rfc}|${attributeOf(sealed, 'Sello')}|${body.no_certificado_sat}||`,
  );
  const selloSat = Buffer.from(attributeOf(timbre, 'SelloSAT')!, 'base64');
  expect(verify('RSA-SHA256', Buffer.from(cadenaTfd), x509.publicKey, selloSat)).toBe(true);
  // The issuer's document is untouched: the same cadena original, so its Sello still holds.
  expect(cadenaOf(body.xml)).toBe(cadenaOf(sealed));

  const status_ = await statusOf(sandbox.url, body.uuid);
  expect(status_.body).toMatchObject({ uuid: body.uuid, status: 'vigente', xml: body.xml });
  const page = await (await fetch(`${sandbox.url}/`)).text();
  expect(page).toContain(body.uuid);
});

test('a taxed sale is stamped: IVA 16 % within SAT limits and the Comprobante totals agree', async () => {
  const { status, body } = await stamp(
    sandbox.url,
    sealedCfdi(uniformInvoice(new Date()), schoolCsd),
  );
  expect(status).toBe(200);
  expect(body.xml).toContain('TotalImpuestosTrasladados="144.00"');
});

test('stamping the same sealed CFDI again answers the original stamp, even when both arrive at once', async () => {
  const sealed = tuition(
    (invoice) => (invoice.conceptos[0]!.descripcion = 'Colegiatura diciembre'),
  );
  const [first, second] = await Promise.all([
    stamp(sandbox.url, sealed),
    stamp(sandbox.url, sealed),
  ]);
  const again = await stamp(sandbox.url, sealed);

  expect([first.status, second.status, again.status]).toEqual([200, 200, 200]);
  expect(new Set([first.body.uuid, second.body.uuid, again.body.uuid]).size).toBe(1);
  expect([first.body.previously_stamped, second.body.previously_stamped].sort()).toEqual([
    false,
    true,
  ]);
  expect(again.body).toMatchObject({ previously_stamped: true, xml: first.body.xml });
});

const rejections: [string, () => string, string, string][] = [
  [
    'an RFC SAT does not list',
    () => tuition((i) => (i.receptor = { ...FAMILY, rfc: 'XOXO800101AB1' })),
    'CFDI40143',
    'Este RFC del receptor no existe en la lista de RFC inscritos no cancelados del SAT.',
  ],
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
            rfc: 'PERJ900101AB3',
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
    'Fecha y hora de generación fuera de rango',
  ],
  [
    'a Fecha in the future',
    () => tuition((i) => (i.fecha = mexicoCityTime(new Date(Date.now() + HOUR_MS)))),
    '401',
    'Fecha y hora de generación fuera de rango',
  ],
  [
    "a certificate whose RFC is not the emisor's",
    () => tuition(() => {}, testCsd('AAA010101AAA')),
    '303',
    'Sello no corresponde a emisor',
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
    'La fecha de emisión no está dentro de la vigencia del CSD del Emisor',
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
    'XML mal formado',
  ],
];

test.each(rejections)('refuses %s', async (_case, document, code, message) => {
  const { status, body } = await stamp(sandbox.url, document());
  expect(status).toBe(422);
  expect(body.error).toMatchObject({ code, message });
});

test('only a caller with the token may stamp or read, and only XML is stamped', async () => {
  const sealed = tuition();
  for (const token of ['', 'otro-token']) {
    const { status, body } = await stamp(sandbox.url, sealed, token);
    expect(status).toBe(401);
    expect(body.error).toEqual({
      code: 'NO_AUTORIZADO',
      message: 'Falta el token de acceso o no es válido.',
    });
  }
  expect((await statusOf(sandbox.url, '00000000-0000-4000-8000-000000000000', 'x')).status).toBe(
    401,
  );
  const json = await fetch(`${sandbox.url}/cfdi40/stamp`, {
    method: 'POST',
    headers: { authorization: `Bearer ${TEST_TOKEN}`, 'content-type': 'application/json' },
    body: '{}',
  });
  expect(json.status).toBe(415);
  expect(await statusOf(sandbox.url, '00000000-0000-4000-8000-000000000000')).toMatchObject({
    status: 404,
    body: { error: { code: '205', message: 'UUID No existe' } },
  });
});

test('the next stamps can be made to fail with 503 so callers can prove their retries', async () => {
  await control(sandbox.url, 'PUT', '/behaviour', { fail_next_stamps: 1 });
  const sealed = tuition((invoice) => (invoice.conceptos[0]!.descripcion = 'Colegiatura enero'));

  const failed = await stamp(sandbox.url, sealed);
  expect(failed.status).toBe(503);
  expect(failed.headers.get('retry-after')).toBe('1');
  expect(failed.body.error.code).toBe('PAC_NO_DISPONIBLE');
  expect((await stamp(sandbox.url, sealed)).status).toBe(200);
});

test('the next stamps can be made slow, to prove callers time out and retry', async () => {
  const behaviour = await control(sandbox.url, 'PUT', '/behaviour', {
    slow_next_stamps: 1,
    slow_ms: 300,
  });
  expect(behaviour.body).toMatchObject({ slow_next_stamps: 1, slow_ms: 300 });
  const sealed = tuition((invoice) => (invoice.conceptos[0]!.descripcion = 'Colegiatura febrero'));

  const started = Date.now();
  expect((await stamp(sandbox.url, sealed)).status).toBe(200);
  expect(Date.now() - started).toBeGreaterThanOrEqual(300);
  expect((await control(sandbox.url, 'GET', '/behaviour')).body).toMatchObject({
    slow_next_stamps: 0,
  });
  const refused = await control(sandbox.url, 'PUT', '/behaviour', { slow_ms: -1 });
  expect(refused.body.error.message).toBe('slow_ms debe ser un entero entre 0 y 120000.');
});

test('the taxpayer registry refuses incomplete data in Spanish', async () => {
  const bad = await control(sandbox.url, 'PUT', '/taxpayers/GOMA800101AB1', {
    name: 'ANA',
    postal_code: '067',
    regimes: ['605'],
  });
  expect(bad.status).toBe(400);
  expect(bad.body.error.message).toBe('postal_code debe tener 5 dígitos.');
  const list = (await control(sandbox.url, 'GET', '/taxpayers')).body as unknown as unknown[];
  expect(list).toContainEqual({
    rfc: FAMILY.rfc,
    name: FAMILY.nombre,
    postal_code: FAMILY.cp,
    regimes: ['605'],
  });
});

test('with PAC_STATE_FILE a restart keeps stamped CFDI, the registry and the sandbox certificate', async () => {
  const stateFile = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'pac-state-')), 'pac.json');
  const first = await startPacSandbox({ port: 0, apiToken: TEST_TOKEN, stateFile });
  await registerFamily(first.url);
  const sealed = tuition();
  const stamped = await stamp(first.url, sealed);
  expect(stamped.status).toBe(200);
  await first.stop();

  const second = await startPacSandbox({ port: 0, apiToken: TEST_TOKEN, stateFile });
  try {
    expect((await statusOf(second.url, stamped.body.uuid)).body).toMatchObject({
      status: 'vigente',
      xml: stamped.body.xml,
    });
    const again = await stamp(second.url, sealed);
    expect(again.body).toMatchObject({ uuid: stamped.body.uuid, previously_stamped: true });
    const certificate = (await control(second.url, 'GET', '/certificate')).body as unknown as {
      no_certificado: string;
    };
    expect(certificate.no_certificado).toBe(stamped.body.no_certificado_sat);
  } finally {
    await second.stop();
  }
});

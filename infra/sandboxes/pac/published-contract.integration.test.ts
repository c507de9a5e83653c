/**
 * The sandbox against SW's and SAT's published examples (published/*.json): requests shaped
 * as published are understood, and every answer has the published shape. The invoicing
 * adapter is held to the same files (services/invoicing/src/pac/sw/sw-published.test.ts), so
 * the two cannot drift from the provider together.
 */
import { DOMParser, type Element } from '@xmldom/xmldom';
import { startPacSandbox, type PacSandbox } from './pac-sandbox.ts';
import {
  publishedBody,
  publishedExample,
  shapeOf,
  type PublishedExample,
} from './published-examples.ts';
import { SCHOOL, sealedCfdi, testCsd, tuitionInvoice } from './test-cfdi.ts';
import {
  cancel,
  control,
  consultaEnvelope,
  csdFields,
  expressionFor,
  folioStatus,
  registerFamily,
  stamp,
  TEST_ACCOUNT,
  tokenFor,
  type SwBody,
} from './test-pac-client.ts';

const schoolCsd = testCsd(SCHOOL.rfc);
let sandbox: PacSandbox;
let token: string;
let folio = 0;

beforeAll(async () => {
  sandbox = await startPacSandbox({ port: 0, account: TEST_ACCOUNT });
  token = await tokenFor(sandbox.url);
  await registerFamily(sandbox.url);
});
afterAll(() => sandbox.stop());

function sealed(): string {
  const invoice = tuitionInvoice(new Date());
  invoice.conceptos[0]!.descripcion = `Colegiatura ${++folio}`;
  return sealedCfdi(invoice, schoolCsd);
}

/** Sends a request with the published method, path and headers, and this body. */
async function asPublished(example: PublishedExample, init: RequestInit) {
  const { method, path, headers = {} } = example.request!;
  const sent = Object.fromEntries(
    Object.entries(headers).filter(([name]) => !/^(authorization|content-type)$/i.test(name)),
  );
  const response = await fetch(`${sandbox.url}${path ?? '/'}`, {
    method,
    ...init,
    headers: { ...sent, ...(init.headers as Record<string, string>) },
  });
  return { status: response.status, body: (await response.json()) as SwBody };
}

describe('authentication', () => {
  const example = publishedExample('sw-authenticate');

  test('the published request gets the published answer’s shape; expires_in in UNIX seconds', async () => {
    const { status, body } = await asPublished(example, {
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ ...(example.request!.body as object), ...TEST_ACCOUNT }),
    });
    const published = publishedBody<SwBody>('sw-authenticate');
    expect(status).toBe(example.response!.http_status);
    expect(shapeOf(body)).toEqual(shapeOf(published));
    expect(body.data.tokeny_type).toBe(published.data.tokeny_type);
    expect(String(body.data.expires_in)).toHaveLength(String(published.data.expires_in).length);
  });

  test('wrong credentials get the published error, word for word', async () => {
    const { body } = await asPublished(example, {
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ ...TEST_ACCOUNT, password: 'no-es' }),
    });
    expect(body).toEqual(publishedBody('sw-authenticate-error'));
  });
});

describe('stamping', () => {
  const example = publishedExample('sw-stamp-v4');

  function stampAsPublished(xml: string) {
    const part = example.request!.multipart![0]!;
    const form = new FormData();
    form.append(part.name!, new Blob([xml], { type: part['content-type'] }), part.filename);
    return asPublished(example, { headers: { authorization: `Bearer ${token}` }, body: form });
  }

  test('the published multipart request gets response version v4 in the published shape', async () => {
    const { status, body } = await stampAsPublished(sealed());
    const published = publishedBody<SwBody>('sw-stamp-v4');
    expect(status).toBe(example.response!.http_status);
    expect(shapeOf(body)).toEqual(shapeOf(published));
    const formats: [string, RegExp][] = [
      ['cadenaOriginalSAT', /^\|\|1\.1\|[^|]+\|[^|]+\|[A-Z&Ñ0-9]{12,13}\|[^|]+\|\d{20}\|\|$/],
      ['noCertificadoSAT', /^\d{20}$/],
      ['noCertificadoCFDI', /^\d{20}$/],
      ['fechaTimbrado', /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d$/],
      ['qrCode', /^iVBORw0KGgo/], // a PNG
      ['cfdi', /^<\?xml version="1\.0" encoding="utf-8"\?>\s*<cfdi:Comprobante /i],
    ];
    for (const [field, format] of formats) {
      expect(published.data[field]).toMatch(format);
      expect(body.data[field]).toMatch(format);
    }
  });

  test('the same document again gets the published 307 answer, with the stamp in data', async () => {
    const xml = sealed();
    await stampAsPublished(xml);
    const { body } = await stampAsPublished(xml);
    const published = publishedBody<SwBody>('sw-stamp-previous');
    expect(Object.keys(body).sort()).toEqual(Object.keys(published).sort());
    expect(body).toMatchObject({ status: published.status, message: published.message });
    // Published for version v2 (tfd, cfdi); what both versions carry is the stamped cfdi.
    expect(Object.keys(published.data)).toContain('cfdi');
    expect(body.data.cfdi).toContain('<tfd:TimbreFiscalDigital');
  });

  /** A soundly sealed CFDI to a receptor SAT's list does not hold (behaviour `not_listed`). */
  async function toUnlistedReceptor() {
    const invoice = tuitionInvoice(new Date());
    invoice.receptor = { ...invoice.receptor, rfc: 'XOXO800101AB7' };
    await control(sandbox.url, 'PUT', '/behaviour', { unknown_receptors: 'not_listed' });
    try {
      return await stamp(sandbox.url, token, sealedCfdi(invoice, schoolCsd));
    } finally {
      await control(sandbox.url, 'PUT', '/behaviour', { unknown_receptors: 'inscribed' });
    }
  }

  test('an RFC SAT does not list is CFDI40143 in the published error envelope, not a seal error', async () => {
    const { envelope } = publishedExample('sw-error-messages') as unknown as { envelope: object };
    const { body } = await toUnlistedReceptor();
    expect(Object.keys(body).sort()).toEqual(Object.keys(envelope).sort());
    expect(body).toMatchObject({
      status: 'error',
      message:
        'CFDI40143 - Este RFC del receptor no existe en la lista de RFC inscritos no cancelados del SAT.',
      data: null,
    });
  });

  test('every error message is coded the way SW publishes its codes, in the published envelope', async () => {
    const { envelope, messages } = publishedExample('sw-error-messages') as unknown as {
      envelope: object;
      messages: { message: string }[];
    };
    const coded = [/^[A-Z]+\d* - \S/, /^\d{3}\. \S.*\.$/];
    const recorded = messages.map((m) => m.message);
    const uncoded = recorded.filter((m) => !coded.some((format) => format.test(m)));
    expect(uncoded).toEqual(['El token debe contener 3 partes']);

    const refusals = [
      await stamp(sandbox.url, token, sealed().replace(' Exportacion="01"', '')),
      // A broken seal (the receptor changed after sealing), then an unknown receptor sealed soundly.
      await stamp(sandbox.url, token, sealed().replace('GOMA800101AB6', 'XOXO800101AB7')),
      await toUnlistedReceptor(),
      await stamp(sandbox.url, '', sealed()),
      await stamp(sandbox.url, 'x', sealed()),
      await cancel(sandbox.url, token, schoolCsd, { uuid: '', motivo: '02' }),
    ];
    for (const { body } of refusals) {
      expect(Object.keys(body).sort()).toEqual(Object.keys(envelope).sort());
      const message = body.message!;
      expect(recorded.includes(message) || coded.some((format) => format.test(message))).toBe(true);
    }
  });
});

describe('cancellation', () => {
  const example = publishedExample('sw-cancel-csd');

  async function stampedUuid(): Promise<string> {
    return (await stamp(sandbox.url, token, sealed())).body.data.uuid as string;
  }

  /** The published request body, its values replaced by this CFDI's and the school's CSD. */
  function cancelAsPublished(values: Record<string, string>) {
    const published = example.request!.body as Record<string, string>;
    const ours: Record<string, string> = {
      rfc: SCHOOL.rfc,
      motivo: '02',
      foliosustitucion: '',
      ...csdFields(schoolCsd),
      ...values,
    };
    const body = Object.fromEntries(Object.keys(published).map((key) => [key, ours[key]]));
    return asPublished(example, {
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
  }

  const element = (xml: string) =>
    new DOMParser().parseFromString(xml, 'text/xml').documentElement!;
  const children = (parent: Element) =>
    Array.from(parent.childNodes).filter((n): n is Element => n.nodeType === n.ELEMENT_NODE);

  test('the published request gets the published answer’s shape and an acuse laid out as SAT’s', async () => {
    const uuid = await stampedUuid();
    const { status, body } = await cancelAsPublished({ uuid });
    const published = publishedBody<SwBody>('sw-cancel-csd');
    expect(status).toBe(example.response!.http_status);
    expect(shapeOf(body)).toMatchObject({ status: 'string', data: { acuse: 'string' } });
    expect(shapeOf({ ...body, data: { ...body.data, uuid: {} } })).toEqual(
      shapeOf({ ...published, data: { ...published.data, uuid: {} } }),
    );
    for (const answer of [published, body]) {
      const [folioUuid, code] = Object.entries(answer.data.uuid as Record<string, string>)[0]!;
      expect(folioUuid).toMatch(/^[0-9A-F-]{36}$/);
      expect(code).toMatch(/^\d{3}$/);
      const acuse = element(answer.data.acuse!);
      expect(acuse.localName).toBe('Acuse');
      expect(acuse.getAttribute('Fecha')).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{7}$/);
      const [folios] = children(acuse);
      expect(folios).toMatchObject({
        localName: 'Folios',
        namespaceURI: 'http://cancelacfd.sat.gob.mx',
      });
      expect(children(folios!).map((c) => [c.localName, c.textContent])).toEqual([
        ['UUID', folioUuid],
        ['EstatusUUID', code],
      ]);
    }
    expect(element(body.data.acuse!).getAttribute('RfcEmisor')).toBe(SCHOOL.rfc);
  });

  test('every folio code the sandbox answers is in SW’s published table', async () => {
    const { codes } = publishedExample('sw-cancel-folio-codes') as unknown as {
      codes: Record<string, string>;
    };
    const uuid = await stampedUuid();
    const answers = [
      await cancelAsPublished({ uuid }),
      await cancelAsPublished({ uuid }),
      await cancelAsPublished({ uuid: '6F1C2C11-90B4-4D2B-9C55-3A8C0E7D1A11' }),
      await cancelAsPublished({ uuid: await stampedUuid(), motivo: '05' }),
      await cancelAsPublished({ uuid: await stampedUuid(), motivo: '01' }),
      await cancelAsPublished({ uuid: await stampedUuid(), foliosustitucion: uuid }),
    ];
    const answered = answers.map(folioStatus);
    expect(answered).toEqual(['201', '202', '205', '207', '208', '209']);
    for (const code of answered) expect(Object.keys(codes)).toContain(code);
  });

  test('a request with a field missing gets the published error envelope', async () => {
    const { status, body } = await cancelAsPublished({ b64Cer: '' });
    const published = publishedBody<SwBody>('sw-cancel-error');
    expect(status).not.toBe(200);
    expect(body.status).toBe(published.status);
    expect(Object.keys(body)).toEqual(expect.arrayContaining(Object.keys(published)));
  });
});

describe('SAT’s consulta', () => {
  const example = publishedExample('sat-consulta');
  const values = example.values as Record<string, string[]>;

  async function soap(body: string) {
    const response = await fetch(`${sandbox.url}/ConsultaCFDIService.svc`, {
      method: 'POST',
      headers: example.request!.headers,
      body,
    });
    return { status: response.status, xml: await response.text() };
  }

  /** Envelope → … → ConsultaResult's children: namespace and name of each, and the values. */
  function layout(xml: string) {
    const path: string[] = [];
    let at: Element | undefined = new DOMParser().parseFromString(xml, 'text/xml').documentElement!;
    while (at && at.localName !== 'ConsultaResult') {
      path.push(`${at.namespaceURI} ${at.localName}`);
      at = Array.from(at.childNodes).find((n): n is Element => n.nodeType === n.ELEMENT_NODE);
    }
    const fields = Array.from(at!.childNodes).filter(
      (n): n is Element => n.nodeType === n.ELEMENT_NODE,
    );
    return {
      path: [...path, `${at!.namespaceURI} ${at!.localName}`],
      fields: fields.map((f) => `${f.namespaceURI} ${f.localName}`),
      values: Object.fromEntries(fields.map((f) => [f.localName, f.textContent ?? ''])),
    };
  }

  test('the published request is understood; SAT says it does not know that CFDI', async () => {
    const { status, xml } = await soap(example.request!.body as string);
    expect(status).toBe(200);
    expect(layout(xml).values.CodigoEstatus).toMatch(/^N - /);
  });

  test('a stamped CFDI’s answer has the recorded answer’s layout and values from SAT’s lists', async () => {
    const uuid = (await stamp(sandbox.url, token, sealed())).body.data.uuid as string;
    const { status, xml } = await soap(consultaEnvelope(expressionFor(uuid)));
    const ours = layout(xml);
    const recorded = layout(example.response!.body as string);
    expect(status).toBe(example.response!.http_status);
    expect(ours.path).toEqual(recorded.path);
    // ValidacionEFOS came after the recording (phpcfdi's README: added at the end of 2020).
    expect(ours.fields).toEqual([
      ...recorded.fields,
      `${recorded.fields[0]!.split(' ')[0]} ValidacionEFOS`,
    ]);
    for (const [field, value] of Object.entries(recorded.values))
      expect(values[field]).toContain(value);
    expect(ours.values).toMatchObject({
      CodigoEstatus: values.CodigoEstatus![0],
      Estado: 'Vigente',
    });
    for (const field of ['EsCancelable', 'EstatusCancelacion'])
      expect(values[field]).toContain(ours.values[field]);
  });
});

/**
 * The SW adapter against SW's and SAT's published examples (infra/sandboxes/pac/published/):
 * a server that replays the published answers checks the requests the adapter sends against
 * the published requests. The sandbox is held to the same files, so the two cannot drift from
 * the provider together.
 */
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { publishedBody, publishedExample } from '@cuota/infra/sandboxes/pac/published-examples.ts';
import { demoSatCsd, demoSchoolCsd, SCENARIOS, stampLikeAPac } from '../../cfdi/cfdi-fixtures';
import { comprobanteToXml } from '../../cfdi/comprobante-xml';
import { generateDemoCsd } from '../../cfdi/demo-csd';
import { issueCfdi } from '../../cfdi/issue-cfdi';
import type { PacSettings } from '../pac-settings';
import { codeAndText } from './sw-envelope';
import { FOLIO_MESSAGES } from './sw-folio-codes';
import { SwPacClient } from './sw-pac-client';

interface Received {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

/** Answers each path with what a test put there, and keeps every request. */
let server: Server;
let base: string;
const received: Received[] = [];
const answers = new Map<string, { status: number; body: string; type?: string }>();

beforeAll(async () => {
  server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const path = req.url!;
      received.push({
        method: req.method!,
        path,
        headers: req.headers,
        body: Buffer.concat(chunks),
      });
      const answer = answers.get(path) ?? { status: 404, body: '' };
      res.writeHead(answer.status, { 'content-type': answer.type ?? 'application/json' });
      res.end(answer.body);
    });
  });
  // Longer than the pauses between calls, so a kept-alive connection is never closed mid-call.
  server.keepAliveTimeout = 60_000;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise((resolve) => server.close(resolve)));
beforeEach(() => {
  received.length = 0;
  answers.clear();
  answer('sw-authenticate');
});

/** The published answer of `name`, at its published path (or `path`). */
function answer(name: Parameters<typeof publishedExample>[0], path?: string, status?: number) {
  const example = publishedExample(name);
  const body = example.response!.body;
  answers.set(path ?? example.request!.path!, {
    // Published without an HTTP status: SW's SDKs read any answer below 500; 400 it is.
    status: status ?? example.response!.http_status ?? 400,
    body: typeof body === 'string' ? body : JSON.stringify(body),
    type: example.response!.content_type,
  });
}

function client(): SwPacClient {
  const settings: PacSettings = {
    provider: 'sw',
    url: base,
    credentials: { user: 'usuario@pruebas.com', password: 'contraseña1234' },
    satConsultaUrl: `${base}/ConsultaCFDIService.svc`,
    timeoutMs: 5_000,
  };
  return new SwPacClient(settings);
}

const issued = issueCfdi(SCENARIOS['colegiatura sola'], demoSchoolCsd());
const sealedXml = () => issued.xml;
const lastTo = (path: string) => received.filter((r) => r.path === path).at(-1)!;

describe('authentication', () => {
  test('the adapter asks as published and then calls with the published token as Bearer', async () => {
    const example = publishedExample('sw-authenticate');
    answer('sw-stamp-v4');
    await client().stamp(sealedXml());

    const auth = lastTo(example.request!.path!);
    expect(auth.method).toBe(example.request!.method);
    expect(auth.headers['content-type']).toBe(example.request!.headers!['Content-Type']);
    const sent = JSON.parse(auth.body.toString()) as object;
    expect(Object.keys(sent).sort()).toEqual(Object.keys(example.request!.body as object).sort());
    const token = publishedBody<{ data: { token: string } }>('sw-authenticate').data.token;
    expect(lastTo('/cfdi33/stamp/v4').headers.authorization).toBe(`Bearer ${token}`);
  });

  test('the published refusal leaves the PAC unavailable, saying why', async () => {
    answer('sw-authenticate-error', '/v2/security/authenticate', 401);
    const outcome = await client().stamp(sealedXml());
    expect(outcome).toEqual({
      kind: 'unavailable',
      reason: `el PAC no dio un token (${publishedBody<{ message: string }>('sw-authenticate-error').message})`,
    });
  });
});

describe('stamping', () => {
  const example = publishedExample('sw-stamp-v4');

  test('the sealed XML goes as the published multipart part; the published v4 answer is a stamp', async () => {
    answer('sw-stamp-v4');
    const xml = sealedXml();
    const outcome = await client().stamp(xml);

    const request = lastTo(example.request!.path!);
    expect(request.method).toBe(example.request!.method);
    expect(request.headers['content-type']).toMatch(/^multipart\/form-data; boundary=/);
    const form = await new Response(request.body, {
      headers: { 'content-type': request.headers['content-type']! },
    }).formData();
    const [published] = example.request!.multipart!;
    const part = form.get(published!.name!) as File;
    expect(part.name).toBe(published!.filename);
    expect(part.type).toBe(published!['content-type']);
    expect(await part.text()).toBe(xml);
    const data = publishedBody<{ data: { uuid: string; cfdi: string } }>('sw-stamp-v4').data;
    expect(outcome).toEqual({ kind: 'stamped', uuid: data.uuid, xml: data.cfdi });
  });

  test('the published 307 is a stamp when it carries one (v4 data, or a CFDI with its TFD)', async () => {
    const previous = publishedBody<{ data: Record<string, string> }>('sw-stamp-previous');
    const v4 = publishedBody<{ data: { uuid: string; cfdi: string } }>('sw-stamp-v4').data;
    const timbre = stampLikeAPac(issued.comprobante, demoSatCsd(), new Date());
    const stampedXml = comprobanteToXml(issued.comprobante, timbre);
    const cases: [Record<string, string>, unknown][] = [
      // As published (v2, placeholders): stamped before, but with no UUID to keep.
      [previous.data, { kind: 'unavailable', reason: '307 sin el timbre previo' }],
      [v4, { kind: 'stamped', uuid: v4.uuid, xml: v4.cfdi }],
      [
        { ...previous.data, cfdi: stampedXml },
        { kind: 'stamped', uuid: timbre.UUID, xml: stampedXml },
      ],
    ];
    for (const [data, expected] of cases) {
      answers.set('/cfdi33/stamp/v4', { status: 400, body: JSON.stringify({ ...previous, data }) });
      expect(await client().stamp(sealedXml())).toEqual(expected);
    }
  });

  test('an error in the published envelope is SAT’s refusal, its code read from the message', async () => {
    const { envelope } = publishedExample('sw-error-messages') as unknown as { envelope: object };
    const message =
      'CFDI40148 - El campo DomicilioFiscalReceptor del receptor, debe pertenecer al nombre asociado al RFC registrado en el campo Rfc del Receptor.';
    answers.set('/cfdi33/stamp/v4', {
      status: 400,
      body: JSON.stringify({ ...envelope, message }),
    });
    expect(await client().stamp(sealedXml())).toEqual({
      kind: 'rejected',
      code: 'CFDI40148',
      message: message.slice('CFDI40148 - '.length),
    });
  });

  test('every published message splits into its code and its text', () => {
    const { messages } = publishedExample('sw-error-messages') as unknown as {
      messages: { message: string }[];
    };
    expect(messages.map((m) => codeAndText(m.message).code)).toEqual([
      '307',
      'CFDI3307',
      'AU4101',
      'PAC', // "El token debe contener 3 partes" carries no code
      'AU4000',
      'CACFDI33',
      'CASD',
    ]);
    expect(codeAndText(messages[0]!.message).text).toBe(
      'El comprobante contiene un timbre previo.',
    );
  });
});

describe('cancellation', () => {
  const example = publishedExample('sw-cancel-csd');
  const password = '12345678a';
  const files = generateDemoCsd({
    rfc: 'EKU9003173C9',
    legalName: 'ESCUELA KEMPER URGATE',
    password,
  });
  const request = {
    uuid: '3eaeabc9-ea41-4627-9609-c6856b78e2b1',
    issuerRfc: 'EKU9003173C9',
    motive: '02' as const,
    csd: { cer: files.cer, key: files.key, password },
  };

  test('the request has the published body, signed material included; the published answer is a 202', async () => {
    answer('sw-cancel-csd');
    const outcome = await client().cancel(request);

    const sent = lastTo(example.request!.path!);
    expect(sent.method).toBe(example.request!.method);
    expect(sent.headers['content-type']).toBe(example.request!.headers!['Content-Type']);
    const body = JSON.parse(sent.body.toString()) as Record<string, string>;
    expect(Object.keys(body).sort()).toEqual(Object.keys(example.request!.body as object).sort());
    expect(body).toMatchObject({
      uuid: request.uuid,
      rfc: request.issuerRfc,
      motivo: '02',
      foliosustitucion: '',
      password,
      b64Cer: files.cer.toString('base64'),
      b64Key: files.key.toString('base64'),
    });
    const published = publishedBody<{ data: { acuse: string } }>('sw-cancel-csd');
    expect(outcome).toEqual({ kind: 'requested', folioStatus: '202', acuse: published.data.acuse });
  });

  test('the published error is a refusal staff can read', async () => {
    answer('sw-cancel-error', '/cfdi33/cancel/csd');
    const error = publishedBody<{ message: string; messageDetail: string }>('sw-cancel-error');
    expect(await client().cancel(request)).toEqual({
      kind: 'refused',
      code: 'PAC',
      message: `${error.message} ${error.messageDetail}`,
    });
  });

  test('every folio code SW publishes has words for staff, and only those', () => {
    const { codes } = publishedExample('sw-cancel-folio-codes') as unknown as {
      codes: Record<string, string>;
    };
    expect(Object.keys(FOLIO_MESSAGES).sort()).toEqual(Object.keys(codes).sort());
  });
});

describe('SAT’s consulta', () => {
  const example = publishedExample('sat-consulta');
  const cfdi = {
    uuid: 'CEE4BE01-ADFA-4DEB-8421-ADD60F0BEDAC',
    issuerRfc: 'POT9207213D6',
    receptorRfc: 'DIM8701081LA',
    total: '2010.01',
    sello: 'XXXXXXXX/OAgdg==',
  };

  test('the SOAP request is the published one; the recorded answer reads as SAT’s status', async () => {
    answer('sat-consulta', '/ConsultaCFDIService.svc');
    const outcome = await client().status(cfdi);

    const sent = lastTo('/ConsultaCFDIService.svc');
    expect(sent.method).toBe(example.request!.method);
    expect(sent.headers.soapaction).toBe(example.request!.headers!.SOAPAction);
    expect(sent.headers['content-type']).toMatch(/^text\/xml/);
    const body = sent.body.toString();
    const structure = (xml: string) =>
      xml.replace(/<!\[CDATA\[[\s\S]*?\]\]>/, '').replace(/\s+/g, '');
    expect(structure(body)).toBe(structure(example.request!.body as string));
    expect(body).toContain(
      `<![CDATA[https://verificacfdi.facturaelectronica.sat.gob.mx/default.aspx?id=${cfdi.uuid}&re=${cfdi.issuerRfc}&rr=${cfdi.receptorRfc}&tt=2010.01&fe=/OAgdg==]]>`,
    );
    // Recorded: Vigente, Cancelable con aceptación, Solicitud rechazada.
    expect(outcome).toEqual({
      kind: 'found',
      state: 'active',
      cancellable: 'with_acceptance',
      cancellation: 'rejected',
    });
  });

  test('"N - …" is not found; a SOAP fault or no answer is unavailable', async () => {
    const recorded = example.response!.body as string;
    const cases: [string, number, string][] = [
      [
        recorded
          .replace(/S - [^<]*/, 'N - 602: Comprobante no encontrado.')
          .replace('Vigente', 'No Encontrado'),
        200,
        'not_found',
      ],
      [
        '<s:Envelope xmlns:s="http://schemas.xmlsoap.org/soap/envelope/"><s:Body><s:Fault/></s:Body></s:Envelope>',
        500,
        'unavailable',
      ],
    ];
    for (const [body, status, kind] of cases) {
      answers.set('/ConsultaCFDIService.svc', { status, body, type: 'text/xml' });
      expect((await client().status(cfdi)).kind).toBe(kind);
    }
  });
});

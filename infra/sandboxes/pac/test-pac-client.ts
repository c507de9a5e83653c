/** Test-only: the sandbox's APIs called as SW's SDKs call SW, and SAT's consulta. */
import { createPrivateKey } from 'node:crypto';
import { DOMParser, type Element } from '@xmldom/xmldom';
import { FAMILY, SCHOOL, type TestCsd } from './test-cfdi.ts';

export const TEST_ACCOUNT = { user: 'pruebas@cuota.mx', password: 'contraseña-de-pruebas' };

/** An SW answer: the envelope, read loosely so tests can look at any of its fields. */
export interface SwBody {
  status: 'success' | 'error';
  message?: string;
  messageDetail?: string | null;
  data: Record<string, unknown> & {
    token?: string;
    expires_in?: number;
    uuid?: string | Record<string, string>;
    cfdi?: string;
    fechaTimbrado?: string;
    noCertificadoSAT?: string;
    acuse?: string;
  };
}

export interface Answer<T> {
  status: number;
  headers: Headers;
  body: T;
}

async function call<T>(url: string, init: RequestInit): Promise<Answer<T>> {
  const response = await fetch(url, init);
  const text = await response.text();
  const type = response.headers.get('content-type') ?? '';
  return {
    status: response.status,
    headers: response.headers,
    body: (type.includes('json') ? JSON.parse(text) : text) as T,
  };
}

export function authenticate(base: string, account = TEST_ACCOUNT): Promise<Answer<SwBody>> {
  return call(`${base}/v2/security/authenticate`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(account),
  });
}

export async function tokenFor(base: string): Promise<string> {
  return (await authenticate(base)).body.data.token!;
}

/** POST /cfdi33/stamp/v4 with the XML as the multipart part "xml", like SW's SDKs. */
export function stamp(base: string, token: string, xml: string): Promise<Answer<SwBody>> {
  const form = new FormData();
  form.append('xml', new Blob([xml], { type: 'text/xml' }), 'xml');
  return call(`${base}/cfdi33/stamp/v4`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
}

/** The CSD's .cer and .key (PKCS#8 DER encrypted with `password`) in base64, as SW takes them. */
export function csdFields(csd: TestCsd, password = '12345678a') {
  const key = createPrivateKey(csd.privateKeyPem).export({
    type: 'pkcs8',
    format: 'der',
    cipher: 'des-ede3-cbc',
    passphrase: password,
  });
  return { b64Cer: csd.certificate, b64Key: key.toString('base64'), password };
}

export function cancel(
  base: string,
  token: string,
  csd: TestCsd,
  request: Record<string, string>,
): Promise<Answer<SwBody>> {
  return call(`${base}/cfdi33/cancel/csd`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ rfc: SCHOOL.rfc, foliosustitucion: '', ...csdFields(csd), ...request }),
  });
}

/** The folio's status code in a cancellation's answer. */
export const folioStatus = (answer: { body: SwBody }) =>
  Object.values(answer.body.data.uuid as Record<string, string>)[0];

export function consultaEnvelope(expression: string): string {
  return `<soapenv:Envelope xmlns:soapenv="http://schemas.xmlsoap.org/soap/envelope/" xmlns:tem="http://tempuri.org/"><soapenv:Header/><soapenv:Body><tem:Consulta><tem:expresionImpresa><![CDATA[${expression}]]></tem:expresionImpresa></tem:Consulta></soapenv:Body></soapenv:Envelope>`;
}

/** SAT's consulta: the ConsultaResult's fields by name. */
export async function consulta(base: string, expression: string): Promise<Record<string, string>> {
  const answer = await call<string>(`${base}/ConsultaCFDIService.svc`, {
    method: 'POST',
    headers: {
      'content-type': 'text/xml; charset=utf-8',
      soapaction: 'http://tempuri.org/IConsultaCFDIService/Consulta',
    },
    body: consultaEnvelope(expression),
  });
  const result = new DOMParser()
    .parseFromString(answer.body, 'text/xml')
    .getElementsByTagNameNS('http://tempuri.org/', 'ConsultaResult')[0]!;
  return Object.fromEntries(
    Array.from(result.childNodes)
      .filter((node): node is Element => node.nodeType === node.ELEMENT_NODE)
      .map((node) => [node.localName, node.textContent ?? '']),
  );
}

/** The expresión impresa of a CFDI of the school to the family (SW's SDK form). */
export const expressionFor = (uuid: string, total = '3500.00', receptor = FAMILY.rfc) =>
  `?re=${SCHOOL.rfc}&rr=${receptor}&tt=${total}&id=${uuid}`;

export function control<T = Record<string, unknown>>(
  base: string,
  method: string,
  path: string,
  body?: unknown,
): Promise<Answer<T>> {
  return call(`${base}/_sandbox${path}`, {
    method,
    headers: { 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
}

/** The family of the default test invoices, as SAT lists them. */
export async function registerFamily(base: string): Promise<void> {
  await control(base, 'PUT', `/taxpayers/${FAMILY.rfc}`, {
    name: FAMILY.nombre,
    postal_code: FAMILY.cp,
    regimes: [FAMILY.regimen],
  });
}

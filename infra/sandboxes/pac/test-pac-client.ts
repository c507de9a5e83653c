/** Test-only: the PAC sandbox's HTTP API as the invoicing service calls it. */
import { FAMILY, SCHOOL } from './test-cfdi.ts';

export const TEST_TOKEN = 'token-de-pruebas';

export interface PacAnswer {
  status: number;
  headers: Headers;
  body: {
    uuid: string;
    fecha_timbrado: string;
    no_certificado_sat: string;
    xml: string;
    previously_stamped: boolean;
    status: string;
    cancellation_status: string | null;
    motivo_cancelacion: string | null;
    folio_sustitucion: string | null;
    fecha_cancelacion?: string | null;
    error: { code: string; message: string; detail?: string };
  };
}

async function call(url: string, init: RequestInit): Promise<PacAnswer> {
  const response = await fetch(url, init);
  return {
    status: response.status,
    headers: response.headers,
    body: (await response.json()) as PacAnswer['body'],
  };
}

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

export function stamp(base: string, xml: string, token = TEST_TOKEN): Promise<PacAnswer> {
  return call(`${base}/cfdi40/stamp`, {
    method: 'POST',
    headers: { ...bearer(token), 'content-type': 'application/xml' },
    body: xml,
  });
}

export function cancel(base: string, request: Record<string, string>): Promise<PacAnswer> {
  return call(`${base}/cfdi40/cancel`, {
    method: 'POST',
    headers: { ...bearer(TEST_TOKEN), 'content-type': 'application/json' },
    body: JSON.stringify({ rfc_emisor: SCHOOL.rfc, ...request }),
  });
}

export function statusOf(base: string, uuid: string, token = TEST_TOKEN): Promise<PacAnswer> {
  return call(`${base}/cfdi40/${uuid}`, { headers: bearer(token) });
}

export function control(base: string, method: string, path: string, body?: unknown) {
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

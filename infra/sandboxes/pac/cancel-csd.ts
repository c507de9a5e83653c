import { createPrivateKey, X509Certificate, type KeyObject } from 'node:crypto';
import type { CancelRequest } from './cancellation.ts';
import { readSatCertificate } from './sat-certificate.ts';
import { SwError } from './sw-envelope.ts';

/** The one message SW's SDK tests record for a cancellation's bad fields (published/sw-error-messages.json). */
const BAD_FIELDS = 'CACFDI33 - Problemas con los campos.';
const REQUIRED = ['uuid', 'password', 'rfc', 'motivo', 'b64Cer', 'b64Key'];

const refuse = (detail: string) => new SwError(400, BAD_FIELDS, detail);

/**
 * POST /cfdi33/cancel/csd's body (published/sw-cancel-csd.json): the folio, the motive and
 * the issuer's CSD (.cer and .key in base64, the key's password), with which the PAC signs
 * SAT's cancellation request. The CSD must open, match, belong to `rfc` and be valid now.
 * Field names are read in any case (SW's SDKs write foliosustitucion and folioSustitucion).
 */
export function readCancelRequest(body: unknown, now: Date): CancelRequest {
  const fields = lowerCaseKeys(body);
  const field = (name: string) => fields.get(name.toLowerCase())?.trim() ?? '';
  const missing = REQUIRED.filter((name) => !field(name));
  if (missing.length) throw refuse(`Faltan o están vacíos: ${missing.join(', ')}.`);
  const rfc = field('rfc').toUpperCase();
  checkCsd(field('b64Cer'), field('b64Key'), fields.get('password')!, rfc, now);
  return {
    uuid: field('uuid'),
    rfcEmisor: rfc,
    motivo: field('motivo'),
    folioSustitucion: field('folioSustitucion') || undefined,
  };
}

function lowerCaseKeys(body: unknown): Map<string, string> {
  const entries = Object.entries(typeof body === 'object' && body ? body : {});
  return new Map(
    entries
      .filter((entry): entry is [string, string] => typeof entry[1] === 'string')
      .map(([key, value]) => [key.toLowerCase(), value]),
  );
}

function checkCsd(b64Cer: string, b64Key: string, password: string, rfc: string, now: Date) {
  const der = Buffer.from(b64Cer, 'base64');
  const certificate = attempt(() => new X509Certificate(der), 'b64Cer no es un certificado X.509.');
  const key = attempt(
    (): KeyObject =>
      createPrivateKey({
        key: Buffer.from(b64Key, 'base64'),
        format: 'der',
        type: 'pkcs8',
        passphrase: password,
      }),
    'No se pudo abrir b64Key con la contraseña (password).',
  );
  if (!certificate.checkPrivateKey(key))
    throw refuse('La llave (b64Key) no corresponde al certificado (b64Cer).');
  const holder = readSatCertificate(der);
  if (holder.rfc !== rfc)
    throw refuse(`El certificado es del RFC ${holder.rfc || 'desconocido'}, no de ${rfc}.`);
  if (now < holder.validFrom || now > holder.validTo)
    throw refuse('El certificado no está vigente.');
}

function attempt<T>(open: () => T, detail: string): T {
  try {
    return open();
  } catch {
    throw refuse(detail);
  }
}

/**
 * A school's Certificado de Sello Digital as SAT issues it: the certificate (.cer, DER) and
 * the private key (.key, PKCS#8 DER encrypted with the password the school chose). Read
 * with node:crypto; checked before it seals anything.
 */
import { createPrivateKey, X509Certificate, type KeyObject } from 'node:crypto';
import { normalizeRfc } from '@cuota/contracts/invoicing/rfc';
import { CfdiError } from './cfdi-error.ts';

export interface CsdFiles {
  cer: Uint8Array;
  key: Uint8Array;
  password: string;
}

export interface Csd {
  /** The emisor's RFC, from the subject's x500UniqueIdentifier ("RFC / RFC del representante"). */
  rfc: string;
  legalName: string;
  /** NoCertificado: the 20 digits SAT writes, in ASCII, as the certificate's serial. */
  noCertificado: string;
  /** Certificado: the DER certificate in base64. */
  certificado: string;
  validFrom: Date;
  validTo: Date;
  privateKey: KeyObject;
}

export function loadCsd({ cer, key, password }: CsdFiles): Csd {
  const certificate = readCertificate(cer);
  const privateKey = readPrivateKey(key, password);
  if (!certificate.checkPrivateKey(privateKey)) {
    throw new CfdiError(
      'CSD_NO_CORRESPONDE',
      'La llave privada (.key) no corresponde al certificado (.cer).',
    );
  }
  const subject = subjectFields(certificate.subject);
  // SAT's CSD names the branch (OU); an e.firma (FIEL) does not and cannot seal invoices.
  if (!subject.get('OU')) {
    throw new CfdiError(
      'CSD_ES_FIEL',
      'El certificado parece de e.firma (FIEL); para facturar se necesita el certificado de sello digital (CSD).',
    );
  }
  const rfc = subject.get('x500UniqueIdentifier')?.split('/')[0]?.trim();
  if (!rfc) {
    throw new CfdiError(
      'CSD_CERTIFICADO_INVALIDO',
      'El certificado no indica el RFC de su titular.',
    );
  }
  return {
    rfc: normalizeRfc(rfc),
    legalName: subject.get('name') ?? subject.get('CN') ?? '',
    noCertificado: noCertificadoOf(certificate.serialNumber),
    certificado: Buffer.from(certificate.raw).toString('base64'),
    validFrom: certificate.validFromDate,
    validTo: certificate.validToDate,
    privateKey,
  };
}

/** Refuses to seal with a certificate of someone else or out of its validity. */
export function assertCsdCanSeal(csd: Csd, emisorRfc: string, at: Date): void {
  if (normalizeRfc(emisorRfc) !== csd.rfc) {
    throw new CfdiError(
      'CSD_RFC_DISTINTO',
      `El CSD es del RFC ${csd.rfc}, pero la factura la emite el RFC ${emisorRfc}.`,
    );
  }
  if (at < csd.validFrom || at > csd.validTo) {
    const day = (d: Date) => d.toISOString().slice(0, 10);
    throw new CfdiError(
      'CSD_NO_VIGENTE',
      `El CSD ${csd.noCertificado} no está vigente en la fecha de la factura (vigente del ${day(csd.validFrom)} al ${day(csd.validTo)}).`,
    );
  }
}

/** "3330303031…" (hex of ASCII digits) to "30001…", as SAT prints NoCertificado. */
export function noCertificadoOf(serialHex: string): string {
  const digits = Buffer.from(serialHex.padStart(40, '0'), 'hex').toString('latin1');
  if (!/^\d{20}$/.test(digits)) {
    throw new CfdiError(
      'CSD_CERTIFICADO_INVALIDO',
      'El número de serie del certificado no tiene el formato del SAT (20 dígitos).',
    );
  }
  return digits;
}

function readCertificate(cer: Uint8Array): X509Certificate {
  try {
    return new X509Certificate(cer);
  } catch {
    throw new CfdiError('CSD_CERTIFICADO_INVALIDO', 'El archivo .cer no es un certificado válido.');
  }
}

function readPrivateKey(key: Uint8Array, password: string): KeyObject {
  try {
    const privateKey = createPrivateKey({
      key: Buffer.from(key),
      format: 'der',
      type: 'pkcs8',
      passphrase: password,
    });
    if (privateKey.asymmetricKeyType === 'rsa') return privateKey;
  } catch {
    // Falls through to the one message a person can act on.
  }
  throw new CfdiError(
    'CSD_LLAVE_INVALIDA',
    'No se pudo abrir la llave privada (.key): revisa la contraseña y que sea el archivo del CSD.',
  );
}

/** OpenSSL's one-line-per-attribute subject ("CN=…\nx500UniqueIdentifier=…"). */
function subjectFields(subject: string): Map<string, string> {
  const fields = new Map<string, string>();
  for (const line of subject.split('\n')) {
    const at = line.indexOf('=');
    if (at > 0 && !fields.has(line.slice(0, at))) fields.set(line.slice(0, at), line.slice(at + 1));
  }
  return fields;
}

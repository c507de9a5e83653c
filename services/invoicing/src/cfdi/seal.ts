/**
 * The emisor's seal: NoCertificado and Certificado from the CSD, then Sello = base64 of the
 * RSA-SHA256 (PKCS#1 v1.5) signature of the cadena original, which includes NoCertificado.
 */
import { sign, verify, X509Certificate } from 'node:crypto';
import { cadenaOriginal } from './cadena-original.ts';
import type { Comprobante } from './comprobante.ts';
import { assertCsdCanSeal, type Csd } from './csd.ts';

export interface SealedComprobante {
  comprobante: Comprobante;
  cadenaOriginal: string;
}

/** `issuedAt` is the instant of the Comprobante's Fecha: the CSD must be valid then. */
export function sealComprobante(
  comprobante: Comprobante,
  csd: Csd,
  issuedAt: Date,
): SealedComprobante {
  assertCsdCanSeal(csd, comprobante.Emisor.Rfc, issuedAt);
  const withCertificate: Comprobante = {
    ...comprobante,
    NoCertificado: csd.noCertificado,
    Certificado: csd.certificado,
  };
  const cadena = cadenaOriginal(withCertificate);
  const sello = sign('sha256', Buffer.from(cadena, 'utf8'), csd.privateKey).toString('base64');
  return { comprobante: { ...withCertificate, Sello: sello }, cadenaOriginal: cadena };
}

/** What a PAC checks first: the Sello verifies with the certificate the CFDI carries. */
export function selloIsValid(comprobante: Comprobante): boolean {
  if (!comprobante.Sello || !comprobante.Certificado) return false;
  const certificate = new X509Certificate(Buffer.from(comprobante.Certificado, 'base64'));
  return verify(
    'sha256',
    Buffer.from(cadenaOriginal(comprobante), 'utf8'),
    certificate.publicKey,
    Buffer.from(comprobante.Sello, 'base64'),
  );
}

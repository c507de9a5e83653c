import { verify } from 'node:crypto';
import type { Cfdi } from './cfdi-reading.ts';
import { fromSatDateTime } from './mexico-time.ts';
import { readSatCertificate, type SatCertificate } from './sat-certificate.ts';
import { SatRejection } from './sat-rejections.ts';

const HOUR_MS = 60 * 60 * 1000;
/** SAT stamps a CFDI up to 72 hours after its Fecha; a little clock skew is tolerated ahead. */
const OLDEST_FECHA_MS = 72 * HOUR_MS;
const CLOCK_SKEW_MS = 5 * 60 * 1000;

function certificateOf(cfdi: Cfdi): SatCertificate {
  try {
    return readSatCertificate(Buffer.from(cfdi.certificado, 'base64'));
  } catch {
    throw new SatRejection(
      'CFDI40106',
      'El atributo Certificado no contiene un certificado X.509.',
    );
  }
}

/**
 * The issuer's seal: the certificate in Certificado is the one NoCertificado names, belongs
 * to Emisor/@Rfc and was valid at Fecha, and its key signed (RSA-SHA256) the cadena original
 * that SAT's stylesheet computes from the document as received.
 */
export function checkSeal(cfdi: Cfdi, cadena: string): void {
  const certificate = certificateOf(cfdi);
  if (certificate.noCertificado !== cfdi.noCertificado)
    throw new SatRejection(
      'CFDI40106',
      `NoCertificado ${cfdi.noCertificado} no es el número del certificado (${certificate.noCertificado}).`,
    );
  if (certificate.rfc !== cfdi.emisor.rfc)
    throw new SatRejection(
      '303',
      `El certificado es de ${certificate.rfc || 'un RFC desconocido'}, el emisor es ${cfdi.emisor.rfc}.`,
    );
  const fecha = fromSatDateTime(cfdi.fecha);
  if (fecha < certificate.validFrom || fecha > certificate.validTo) throw new SatRejection('305');
  if (!sealVerifies(cadena, cfdi.sello, certificate))
    throw new SatRejection('CFDI40102', `CadenaOriginal: ${cadena}`);
}

function sealVerifies(cadena: string, sello: string, certificate: SatCertificate): boolean {
  try {
    const signature = Buffer.from(sello, 'base64');
    return verify('RSA-SHA256', Buffer.from(cadena, 'utf8'), certificate.publicKey, signature);
  } catch {
    return false; // a key that cannot verify RSA-SHA256 did not make this seal
  }
}

/** Fecha may be neither in the future nor more than 72 hours old when the PAC stamps. */
export function checkFechaWindow(cfdi: Cfdi, now: Date): void {
  const age = now.getTime() - fromSatDateTime(cfdi.fecha).getTime();
  if (age > OLDEST_FECHA_MS || age < -CLOCK_SKEW_MS)
    throw new SatRejection(
      '401',
      'Fecha no puede ser posterior a la fecha de certificación ni anterior a ella por más de 72 horas (hora del centro de México).',
    );
}

/**
 * The QR of the representación impresa: SAT's verification service with the folio fiscal,
 * both RFCs, the total and the last 8 characters of the emisor's Sello (Anexo 20, "código
 * de barras bidimensional", the format phpcfdi/cfdi-expresiones implements for 3.3/4.0).
 */
import type { StampedComprobante } from './comprobante.ts';

export const SAT_VERIFICATION_URL =
  'https://verificacfdi.facturaelectronica.sat.gob.mx/default.aspx';

/** tt: the total without non-significant zeros, keeping one decimal ("5850.0", "699.99"). */
export function verificationTotal(total: string): string {
  const [whole = '0', fraction = ''] = total.split('.');
  const trimmed = fraction.replace(/0+$/, '');
  return `${BigInt(whole)}.${trimmed || '0'}`;
}

/** RFCs go as XML writes them (& as &amp;), which is what SAT's service expects. */
function rfcParam(rfc: string): string {
  return rfc.replaceAll('&', '&amp;');
}

/** What identifies a CFDI to SAT's verification and consulta services. */
export interface VerificationFields {
  uuid: string;
  issuerRfc: string;
  receptorRfc: string;
  /** Total as the CFDI writes it ("5850.00"). */
  total: string;
  /** The emisor's Sello (only its last 8 characters travel). */
  sello: string;
}

export function verificationUrlOf(cfdi: VerificationFields): string {
  const params = [
    `id=${cfdi.uuid}`,
    `re=${rfcParam(cfdi.issuerRfc)}`,
    `rr=${rfcParam(cfdi.receptorRfc)}`,
    `tt=${verificationTotal(cfdi.total)}`,
    `fe=${cfdi.sello.slice(-8)}`,
  ];
  return `${SAT_VERIFICATION_URL}?${params.join('&')}`;
}

export function verificationUrl({ comprobante, timbre }: StampedComprobante): string {
  return verificationUrlOf({
    uuid: timbre.UUID,
    issuerRfc: comprobante.Emisor.Rfc,
    receptorRfc: comprobante.Receptor.Rfc,
    total: comprobante.Total,
    sello: comprobante.Sello ?? '',
  });
}

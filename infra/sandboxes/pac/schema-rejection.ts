import { SatRejection, type SatCode } from './sat-rejections.ts';

/**
 * A PAC answers a value outside SAT's catalogs with the catalog's own CFDI40xxx code, not with
 * the schema validator's words; any other schema failure is Anexo 20's "301 XML mal formado".
 */
const CATALOG_CODES: Record<string, SatCode> = {
  'Comprobante/Fecha': 'CFDI40101',
  'Comprobante/FormaPago': 'CFDI40104',
  'Comprobante/TipoDeComprobante': 'CFDI40121',
  'Comprobante/Exportacion': 'CFDI40123',
  'Comprobante/MetodoPago': 'CFDI40124',
  'Emisor/RegimenFiscal': 'CFDI40140',
  'Receptor/RegimenFiscalReceptor': 'CFDI40157',
  'Receptor/UsoCFDI': 'CFDI40160',
};

const CFDI_ATTRIBUTE = /Element '\{http:\/\/www\.sat\.gob\.mx\/cfd\/4\}(\w+)', attribute '(\w+)'/;

export function schemaRejection(errors: string[]): SatRejection {
  for (const error of errors) {
    const [, element, attribute] = CFDI_ATTRIBUTE.exec(error) ?? [];
    const code = CATALOG_CODES[`${element}/${attribute}`];
    if (code) return new SatRejection(code, error);
  }
  return new SatRejection('301', errors.slice(0, 5).join('\n'));
}

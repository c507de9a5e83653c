/**
 * Comprobante to CFDI 4.0 XML (xmlbuilder2 escapes). Namespaces and schemaLocation as SAT
 * publishes them; the iedu namespace only when a concept carries the complement. With a
 * timbre, the TimbreFiscalDigital goes in cfdi:Complemento as a PAC writes it.
 */
import { create } from 'xmlbuilder2';
import {
  CFDI_NAMESPACE,
  IEDU_NAMESPACE,
  SCHEMA_LOCATIONS,
  TFD_NAMESPACE,
  XSI_NAMESPACE,
  type Comprobante,
  type Concepto,
  type TimbreFiscalDigital,
  type Traslado,
} from './comprobante.ts';

type XMLBuilder = ReturnType<typeof create>;

/** The attributes of a node, in the given order, leaving out the absent ones. */
function attributes<T extends object>(node: T, names: readonly (keyof T & string)[]) {
  const out: Record<string, string> = {};
  for (const name of names) {
    const value = node[name];
    if (typeof value === 'string') out[name] = value;
  }
  return out;
}

const COMPROBANTE_ATTRIBUTES = [
  'Version',
  'Serie',
  'Folio',
  'Fecha',
  'Sello',
  'FormaPago',
  'NoCertificado',
  'Certificado',
  'SubTotal',
  'Moneda',
  'Total',
  'TipoDeComprobante',
  'Exportacion',
  'MetodoPago',
  'LugarExpedicion',
] as const;
const TRASLADO_ATTRIBUTES = ['Base', 'Impuesto', 'TipoFactor', 'TasaOCuota', 'Importe'] as const;

export function comprobanteToXml(comprobante: Comprobante, timbre?: TimbreFiscalDigital): string {
  const withIedu = comprobante.Conceptos.some((c) => c.instEducativas);
  const doc = create({ version: '1.0', encoding: 'UTF-8' });
  const root = doc.ele(CFDI_NAMESPACE, 'cfdi:Comprobante', {
    'xmlns:xsi': XSI_NAMESPACE,
    ...(withIedu ? { 'xmlns:iedu': IEDU_NAMESPACE } : {}),
  });
  const locations = withIedu
    ? [SCHEMA_LOCATIONS.cfdi, SCHEMA_LOCATIONS.iedu]
    : [SCHEMA_LOCATIONS.cfdi];
  root.att(XSI_NAMESPACE, 'xsi:schemaLocation', locations.join(' '));
  root.att(attributes(comprobante, COMPROBANTE_ATTRIBUTES));

  const cfdi = (parent: XMLBuilder, name: string, attrs: Record<string, string> = {}) =>
    parent.ele(CFDI_NAMESPACE, `cfdi:${name}`, attrs);

  if (comprobante.InformacionGlobal) {
    cfdi(root, 'InformacionGlobal', { ...comprobante.InformacionGlobal });
  }
  for (const { TipoRelacion, UUIDs } of comprobante.CfdiRelacionados ?? []) {
    const relacionados = cfdi(root, 'CfdiRelacionados', { TipoRelacion });
    for (const UUID of UUIDs) cfdi(relacionados, 'CfdiRelacionado', { UUID });
  }
  cfdi(root, 'Emisor', { ...comprobante.Emisor });
  cfdi(root, 'Receptor', { ...comprobante.Receptor });
  const conceptos = cfdi(root, 'Conceptos');
  for (const concepto of comprobante.Conceptos)
    writeConcepto(cfdi(conceptos, 'Concepto'), concepto, cfdi);
  if (comprobante.Impuestos) {
    const { Traslados, TotalImpuestosTrasladados } = comprobante.Impuestos;
    const impuestos = cfdi(
      root,
      'Impuestos',
      TotalImpuestosTrasladados ? { TotalImpuestosTrasladados } : {},
    );
    writeTraslados(cfdi(impuestos, 'Traslados'), Traslados, cfdi);
  }
  if (timbre) {
    cfdi(root, 'Complemento').ele(TFD_NAMESPACE, 'tfd:TimbreFiscalDigital', {
      'xmlns:xsi': XSI_NAMESPACE,
      'xsi:schemaLocation': SCHEMA_LOCATIONS.tfd,
      ...attributes(timbre, [
        'Version',
        'UUID',
        'FechaTimbrado',
        'RfcProvCertif',
        'Leyenda',
        'SelloCFD',
        'NoCertificadoSAT',
        'SelloSAT',
      ]),
    });
  }
  return doc.end({ prettyPrint: true });
}

type CfdiElement = (parent: XMLBuilder, name: string, attrs?: Record<string, string>) => XMLBuilder;

function writeConcepto(node: XMLBuilder, concepto: Concepto, cfdi: CfdiElement): void {
  node.att(
    attributes(concepto, [
      'ClaveProdServ',
      'Cantidad',
      'ClaveUnidad',
      'Unidad',
      'Descripcion',
      'ValorUnitario',
      'Importe',
      'ObjetoImp',
    ]),
  );
  if (concepto.Traslados) {
    writeTraslados(cfdi(cfdi(node, 'Impuestos'), 'Traslados'), concepto.Traslados, cfdi);
  }
  if (concepto.instEducativas) {
    cfdi(node, 'ComplementoConcepto').ele(IEDU_NAMESPACE, 'iedu:instEducativas', {
      ...attributes(concepto.instEducativas, [
        'version',
        'nombreAlumno',
        'CURP',
        'nivelEducativo',
        'autRVOE',
        'rfcPago',
      ]),
    });
  }
}

function writeTraslados(node: XMLBuilder, traslados: Traslado[], cfdi: CfdiElement): void {
  for (const traslado of traslados)
    cfdi(node, 'Traslado', attributes(traslado, TRASLADO_ATTRIBUTES));
}

/**
 * Comprobante to CFDI 4.0 XML (xmlbuilder2 escapes). Namespaces and schemaLocation as SAT
 * publishes them; the iedu namespace only when a concept carries the complement. With a
 * timbre, the TimbreFiscalDigital goes in cfdi:Complemento as a PAC writes it.
 */
import { create } from 'xmlbuilder2';
import {
  CFDI_NAMESPACE,
  IEDU_NAMESPACE,
  PAGOS_NAMESPACE,
  SCHEMA_LOCATIONS,
  TFD_NAMESPACE,
  XSI_NAMESPACE,
  type Comprobante,
  type Concepto,
  type Pagos,
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
    ...(comprobante.Pagos ? { 'xmlns:pago20': PAGOS_NAMESPACE } : {}),
  });
  const locations = [
    SCHEMA_LOCATIONS.cfdi,
    ...(withIedu ? [SCHEMA_LOCATIONS.iedu] : []),
    ...(comprobante.Pagos ? [SCHEMA_LOCATIONS.pagos] : []),
  ];
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
  const complemento = comprobante.Pagos || timbre ? cfdi(root, 'Complemento') : undefined;
  if (complemento && comprobante.Pagos) writePagos(complemento, comprobante.Pagos);
  if (complemento && timbre) {
    complemento.ele(TFD_NAMESPACE, 'tfd:TimbreFiscalDigital', {
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

const PAGO_ATTRIBUTES = ['FechaPago', 'FormaDePagoP', 'MonedaP', 'TipoCambioP', 'Monto'] as const;
const DOCTO_ATTRIBUTES = [
  'IdDocumento',
  'Serie',
  'Folio',
  'MonedaDR',
  'EquivalenciaDR',
  'NumParcialidad',
  'ImpSaldoAnt',
  'ImpPagado',
  'ImpSaldoInsoluto',
  'ObjetoImpDR',
] as const;
const TRASLADO_DR_ATTRIBUTES = [
  'BaseDR',
  'ImpuestoDR',
  'TipoFactorDR',
  'TasaOCuotaDR',
  'ImporteDR',
] as const;
const TRASLADO_P_ATTRIBUTES = [
  'BaseP',
  'ImpuestoP',
  'TipoFactorP',
  'TasaOCuotaP',
  'ImporteP',
] as const;

/** pago20:Pagos in the XSD's element order: Totales, then each Pago. */
function writePagos(complemento: XMLBuilder, pagos: Pagos): void {
  const pago20 = (parent: XMLBuilder, name: string, attrs: Record<string, string> = {}) =>
    parent.ele(PAGOS_NAMESPACE, `pago20:${name}`, attrs);
  const root = pago20(complemento, 'Pagos', { Version: pagos.Version });
  pago20(root, 'Totales', { ...pagos.Totales });
  for (const pago of pagos.Pago) {
    const node = pago20(root, 'Pago', attributes(pago, PAGO_ATTRIBUTES));
    for (const docto of pago.DoctoRelacionado) {
      const doc = pago20(node, 'DoctoRelacionado', attributes(docto, DOCTO_ATTRIBUTES));
      if (!docto.TrasladosDR) continue;
      const traslados = pago20(pago20(doc, 'ImpuestosDR'), 'TrasladosDR');
      for (const t of docto.TrasladosDR)
        pago20(traslados, 'TrasladoDR', attributes(t, TRASLADO_DR_ATTRIBUTES));
    }
    if (!pago.TrasladosP) continue;
    const traslados = pago20(pago20(node, 'ImpuestosP'), 'TrasladosP');
    for (const t of pago.TrasladosP)
      pago20(traslados, 'TrasladoP', attributes(t, TRASLADO_P_ATTRIBUTES));
  }
}

type CfdiElement = (parent: XMLBuilder, name: string, attrs?: Record<string, string>) => XMLBuilder;

function writeConcepto(node: XMLBuilder, concepto: Concepto, cfdi: CfdiElement): void {
  node.att(
    attributes(concepto, [
      'ClaveProdServ',
      'NoIdentificacion',
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

import { DOMParser, type Document, type Element, type Node } from '@xmldom/xmldom';

export const CFDI_NS = 'http://www.sat.gob.mx/cfd/4';
export const TFD_NS = 'http://www.sat.gob.mx/TimbreFiscalDigital';
const PAGOS_NS = 'http://www.sat.gob.mx/Pagos20';
/** TipoRelacion 04 (sustitución) points at the CFDI being replaced, which must stay cancelable. */
const SUBSTITUTION = '04';

export interface CfdiTax {
  base?: string;
  impuesto: string;
  tipoFactor?: string;
  tasaOCuota?: string;
  importe?: string;
}

export interface CfdiConcepto {
  cantidad: string;
  valorUnitario: string;
  importe: string;
  descuento?: string;
  traslados: CfdiTax[];
  retenciones: CfdiTax[];
}

/** What the PAC reads from a CFDI 4.0 (already valid against SAT's schema). */
export interface Cfdi {
  document: Document;
  fecha: string;
  sello: string;
  noCertificado: string;
  certificado: string;
  subTotal: string;
  descuento?: string;
  total: string;
  moneda: string;
  tipoDeComprobante: string;
  lugarExpedicion: string;
  emisor: { rfc: string; nombre: string; regimenFiscal: string };
  receptor: {
    rfc: string;
    nombre: string;
    domicilioFiscal: string;
    regimenFiscal: string;
    usoCfdi: string;
  };
  conceptos: CfdiConcepto[];
  impuestos?: {
    totalTrasladados?: string;
    totalRetenidos?: string;
    traslados: CfdiTax[];
    retenciones: CfdiTax[];
  };
  /** CFDI whose cancellation this one blocks while it is vigente (credit notes, payments). */
  relatedUuids: string[];
  hasTimbre: boolean;
}

export function parseXml(xml: string): Document {
  // xmllint has already refused malformed XML; xmldom would only print warnings.
  return new DOMParser({ onError: () => {} }).parseFromString(xml, 'text/xml');
}

export function childElements(parent: Element): Element[] {
  return Array.from(parent.childNodes as ArrayLike<Node>).filter(
    (node): node is Element => node.nodeType === node.ELEMENT_NODE,
  );
}

function elements(parent: Element | undefined, localName: string, ns = CFDI_NS): Element[] {
  if (!parent) return [];
  return childElements(parent).filter((el) => el.localName === localName && el.namespaceURI === ns);
}

function element(parent: Element | undefined, path: string[]): Element | undefined {
  return path.reduce<Element | undefined>((at, name) => elements(at, name)[0], parent);
}

function attribute(el: Element | undefined, name: string): string | undefined {
  return el?.hasAttribute(name) ? el.getAttribute(name)! : undefined;
}

function required(el: Element | undefined, name: string): string {
  return attribute(el, name) ?? '';
}

function taxes(parent: Element | undefined, group: string, item: string): CfdiTax[] {
  return elements(element(parent, [group]), item).map((tax) => ({
    base: attribute(tax, 'Base'),
    impuesto: required(tax, 'Impuesto'),
    tipoFactor: attribute(tax, 'TipoFactor'),
    tasaOCuota: attribute(tax, 'TasaOCuota'),
    importe: attribute(tax, 'Importe'),
  }));
}

function concepto(el: Element): CfdiConcepto {
  const impuestos = element(el, ['Impuestos']);
  return {
    cantidad: required(el, 'Cantidad'),
    valorUnitario: required(el, 'ValorUnitario'),
    importe: required(el, 'Importe'),
    descuento: attribute(el, 'Descuento'),
    traslados: taxes(impuestos, 'Traslados', 'Traslado'),
    retenciones: taxes(impuestos, 'Retenciones', 'Retencion'),
  };
}

function relatedUuids(root: Element): string[] {
  const related = elements(root, 'CfdiRelacionados')
    .filter((group) => group.getAttribute('TipoRelacion') !== SUBSTITUTION)
    .flatMap((group) => elements(group, 'CfdiRelacionado'))
    .map((el) => required(el, 'UUID'));
  const paid = Array.from(root.getElementsByTagNameNS(PAGOS_NS, 'DoctoRelacionado')).map((el) =>
    required(el, 'IdDocumento'),
  );
  return [...related, ...paid].map((uuid) => uuid.toUpperCase());
}

export function readCfdi(document: Document): Cfdi {
  const root = document.documentElement!;
  const emisor = element(root, ['Emisor']);
  const receptor = element(root, ['Receptor']);
  const impuestos = element(root, ['Impuestos']);
  return {
    document,
    fecha: required(root, 'Fecha'),
    sello: required(root, 'Sello'),
    noCertificado: required(root, 'NoCertificado'),
    certificado: required(root, 'Certificado'),
    subTotal: required(root, 'SubTotal'),
    descuento: attribute(root, 'Descuento'),
    total: required(root, 'Total'),
    moneda: required(root, 'Moneda'),
    tipoDeComprobante: required(root, 'TipoDeComprobante'),
    lugarExpedicion: required(root, 'LugarExpedicion'),
    emisor: {
      rfc: required(emisor, 'Rfc'),
      nombre: required(emisor, 'Nombre'),
      regimenFiscal: required(emisor, 'RegimenFiscal'),
    },
    receptor: {
      rfc: required(receptor, 'Rfc'),
      nombre: required(receptor, 'Nombre'),
      domicilioFiscal: required(receptor, 'DomicilioFiscalReceptor'),
      regimenFiscal: required(receptor, 'RegimenFiscalReceptor'),
      usoCfdi: required(receptor, 'UsoCFDI'),
    },
    conceptos: elements(element(root, ['Conceptos']), 'Concepto').map(concepto),
    impuestos: impuestos && {
      totalTrasladados: attribute(impuestos, 'TotalImpuestosTrasladados'),
      totalRetenidos: attribute(impuestos, 'TotalImpuestosRetenidos'),
      traslados: taxes(impuestos, 'Traslados', 'Traslado'),
      retenciones: taxes(impuestos, 'Retenciones', 'Retencion'),
    },
    relatedUuids: relatedUuids(root),
    hasTimbre: root.getElementsByTagNameNS(TFD_NS, 'TimbreFiscalDigital').length > 0,
  };
}

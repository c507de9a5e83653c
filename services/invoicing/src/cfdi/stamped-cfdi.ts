/**
 * Reads a stamped CFDI 4.0 (what the PAC returns: the sealed Comprobante plus its
 * TimbreFiscalDigital 1.1) back into the Comprobante shape, for the representación impresa.
 * Elements are found by namespace, so the prefixes a PAC writes do not matter.
 */
import { create } from 'xmlbuilder2';
import { CfdiError } from './cfdi-error.ts';
import {
  CFDI_NAMESPACE,
  IEDU_NAMESPACE,
  TFD_NAMESPACE,
  type Comprobante,
  type Concepto,
  type InstEducativas,
  type StampedComprobante,
  type TimbreFiscalDigital,
  type Traslado,
} from './comprobante.ts';

/** The slice of the DOM (xmlbuilder2's parser builds a W3C DOM) this reader uses. */
interface Element {
  readonly nodeType: number;
  readonly namespaceURI: string | null;
  readonly localName: string;
  readonly childNodes: ArrayLike<Element>;
  getAttribute(name: string): string | null;
}

const invalid = (detail: string) =>
  new CfdiError('CFDI_XML_INVALIDO', `El XML no es un CFDI 4.0 timbrado: ${detail}.`);

function children(parent: Element, namespace: string, localName: string): Element[] {
  return Array.from(parent.childNodes).filter(
    (node) =>
      node.nodeType === 1 && node.namespaceURI === namespace && node.localName === localName,
  );
}

function child(parent: Element, namespace: string, localName: string): Element | undefined {
  return children(parent, namespace, localName)[0];
}

/** Required attributes must be there; optional ones are copied when present. */
function read<R extends string, O extends string>(
  element: Element,
  required: readonly R[],
  optional: readonly O[] = [],
): Record<R, string> & Partial<Record<O, string>> {
  const out: Record<string, string> = {};
  for (const name of required) {
    const value = element.getAttribute(name);
    if (value === null) throw invalid(`falta ${element.localName}@${name}`);
    out[name] = value;
  }
  for (const name of optional) {
    const value = element.getAttribute(name);
    if (value !== null) out[name] = value;
  }
  return out as Record<R, string> & Partial<Record<O, string>>;
}

export function parseStampedCfdi(xml: string): StampedComprobante {
  let root: Element;
  try {
    root = create(xml).root().node as unknown as Element;
  } catch {
    throw invalid('no se pudo leer');
  }
  if (root.namespaceURI !== CFDI_NAMESPACE || root.localName !== 'Comprobante') {
    throw invalid('el elemento raíz no es cfdi:Comprobante');
  }
  const attrs = read(
    root,
    [
      'Version',
      'Fecha',
      'SubTotal',
      'Moneda',
      'Total',
      'TipoDeComprobante',
      'Exportacion',
      'LugarExpedicion',
    ],
    ['Serie', 'Folio', 'Sello', 'FormaPago', 'NoCertificado', 'Certificado', 'MetodoPago'],
  );
  if (attrs.Version !== '4.0') throw invalid(`la versión es ${attrs.Version}`);
  const cfdi = (name: string) => child(root, CFDI_NAMESPACE, name);
  const emisor = cfdi('Emisor');
  const receptor = cfdi('Receptor');
  const conceptos = cfdi('Conceptos');
  if (!emisor || !receptor || !conceptos) throw invalid('faltan Emisor, Receptor o Conceptos');
  const global = cfdi('InformacionGlobal');
  const impuestos = cfdi('Impuestos');
  const timbre = child(cfdi('Complemento') ?? root, TFD_NAMESPACE, 'TimbreFiscalDigital');
  if (!timbre) throw invalid('falta el TimbreFiscalDigital');

  const comprobante: Comprobante = {
    ...attrs,
    Version: '4.0',
    ...(global ? { InformacionGlobal: read(global, ['Periodicidad', 'Meses', 'Año']) } : {}),
    ...relacionadosOf(root),
    Emisor: read(emisor, ['Rfc', 'Nombre', 'RegimenFiscal']),
    Receptor: read(receptor, [
      'Rfc',
      'Nombre',
      'DomicilioFiscalReceptor',
      'RegimenFiscalReceptor',
      'UsoCFDI',
    ]),
    Conceptos: children(conceptos, CFDI_NAMESPACE, 'Concepto').map(readConcepto),
    ...(impuestos
      ? {
          Impuestos: {
            Traslados: readTraslados(impuestos),
            ...read(impuestos, [], ['TotalImpuestosTrasladados']),
          },
        }
      : {}),
  };
  return { comprobante, timbre: readTimbre(timbre) };
}

function relacionadosOf(root: Element): Pick<Comprobante, 'CfdiRelacionados'> {
  const nodes = children(root, CFDI_NAMESPACE, 'CfdiRelacionados');
  if (!nodes.length) return {};
  return {
    CfdiRelacionados: nodes.map((node) => ({
      ...read(node, ['TipoRelacion']),
      UUIDs: children(node, CFDI_NAMESPACE, 'CfdiRelacionado').map((r) => read(r, ['UUID']).UUID),
    })),
  };
}

function readConcepto(element: Element): Concepto {
  const impuestos = child(element, CFDI_NAMESPACE, 'Impuestos');
  const complemento = child(element, CFDI_NAMESPACE, 'ComplementoConcepto');
  const iedu = complemento && child(complemento, IEDU_NAMESPACE, 'instEducativas');
  return {
    ...read(
      element,
      [
        'ClaveProdServ',
        'Cantidad',
        'ClaveUnidad',
        'Descripcion',
        'ValorUnitario',
        'Importe',
        'ObjetoImp',
      ],
      ['Unidad'],
    ),
    ...(impuestos ? { Traslados: readTraslados(impuestos) } : {}),
    ...(iedu ? { instEducativas: readIedu(iedu) } : {}),
  };
}

function readTraslados(impuestos: Element): Traslado[] {
  const traslados = child(impuestos, CFDI_NAMESPACE, 'Traslados');
  return (traslados ? children(traslados, CFDI_NAMESPACE, 'Traslado') : []).map((t) =>
    read(t, ['Base', 'Impuesto', 'TipoFactor'], ['TasaOCuota', 'Importe']),
  );
}

function readIedu(element: Element): InstEducativas {
  // The XSD fixes version and enumerates nivelEducativo; the PAC validated both.
  return read(
    element,
    ['version', 'nombreAlumno', 'CURP', 'nivelEducativo', 'autRVOE'],
    ['rfcPago'],
  ) as InstEducativas;
}

function readTimbre(element: Element): TimbreFiscalDigital {
  const values = read(
    element,
    [
      'Version',
      'UUID',
      'FechaTimbrado',
      'RfcProvCertif',
      'SelloCFD',
      'NoCertificadoSAT',
      'SelloSAT',
    ],
    ['Leyenda'],
  );
  if (values.Version !== '1.1') throw invalid(`el timbre es versión ${values.Version}`);
  return { ...values, Version: '1.1' };
}

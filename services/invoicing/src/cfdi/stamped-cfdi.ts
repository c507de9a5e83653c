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
  PAGOS_NAMESPACE,
  TFD_NAMESPACE,
  type Comprobante,
  type Pagos,
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
  const complemento = cfdi('Complemento');
  const timbre = child(complemento ?? root, TFD_NAMESPACE, 'TimbreFiscalDigital');
  const pagos = complemento && child(complemento, PAGOS_NAMESPACE, 'Pagos');
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
    ...(pagos ? { Pagos: readPagos(pagos) } : {}),
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
      ['NoIdentificacion', 'Unidad'],
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

/** A CFDI de pago's pago20:Pagos, as build-payment-comprobante writes it. */
function readPagos(element: Element): Pagos {
  const pago20 = (parent: Element, name: string) => children(parent, PAGOS_NAMESPACE, name);
  const [totales] = pago20(element, 'Totales');
  if (!totales) throw invalid('faltan los Totales del complemento de pago');
  return {
    Version: '2.0',
    Totales: read(
      totales,
      ['MontoTotalPagos'],
      ['TotalTrasladosBaseIVA16', 'TotalTrasladosImpuestoIVA16', 'TotalTrasladosBaseIVAExento'],
    ),
    Pago: pago20(element, 'Pago').map((pago) => {
      const trasladosP = pago20(pago, 'ImpuestosP').flatMap((i) => pago20(i, 'TrasladosP'));
      return {
        ...read(pago, ['FechaPago', 'FormaDePagoP', 'MonedaP', 'Monto'], ['TipoCambioP']),
        DoctoRelacionado: pago20(pago, 'DoctoRelacionado').map((docto) => {
          const trasladosDR = pago20(docto, 'ImpuestosDR').flatMap((i) => pago20(i, 'TrasladosDR'));
          return {
            ...read(
              docto,
              [
                'IdDocumento',
                'MonedaDR',
                'NumParcialidad',
                'ImpSaldoAnt',
                'ImpPagado',
                'ImpSaldoInsoluto',
                'ObjetoImpDR',
              ],
              ['Serie', 'Folio', 'EquivalenciaDR'],
            ),
            ...(trasladosDR.length
              ? {
                  TrasladosDR: trasladosDR
                    .flatMap((t) => pago20(t, 'TrasladoDR'))
                    .map((t) =>
                      read(
                        t,
                        ['BaseDR', 'ImpuestoDR', 'TipoFactorDR'],
                        ['TasaOCuotaDR', 'ImporteDR'],
                      ),
                    ),
                }
              : {}),
          };
        }),
        ...(trasladosP.length
          ? {
              TrasladosP: trasladosP
                .flatMap((t) => pago20(t, 'TrasladoP'))
                .map((t) =>
                  read(t, ['BaseP', 'ImpuestoP', 'TipoFactorP'], ['TasaOCuotaP', 'ImporteP']),
                ),
            }
          : {}),
      };
    }),
  };
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

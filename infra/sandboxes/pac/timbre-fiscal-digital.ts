import { sign } from 'node:crypto';
import { DOMImplementation, XMLSerializer, type Document, type Element } from '@xmldom/xmldom';
import { SAT_FILES } from '@cuota/sat-cfd/sat-files';
import { CFDI_NS, childElements, TFD_NS } from './cfdi-reading.ts';
import type { PacIdentity } from './pac-state.ts';
import { cadenaOriginal } from './sat-tools.ts';

const XMLNS_NS = 'http://www.w3.org/2000/xmlns/';
const XSI_NS = 'http://www.w3.org/2001/XMLSchema-instance';
const TFD_SCHEMA_LOCATION = `${TFD_NS} http://www.sat.gob.mx/sitio_internet/cfd/TimbreFiscalDigital/TimbreFiscalDigitalv11.xsd`;

export interface Timbre {
  uuid: string;
  fechaTimbrado: string;
  selloCfd: string;
}

function timbreElement(attributes: Record<string, string>): Element {
  const document = new DOMImplementation().createDocument(TFD_NS, 'tfd:TimbreFiscalDigital', null);
  const timbre = document.documentElement!;
  // Declared in the order SAT's own timbres show them.
  timbre.setAttributeNS(XMLNS_NS, 'xmlns:tfd', TFD_NS);
  timbre.setAttributeNS(XMLNS_NS, 'xmlns:xsi', XSI_NS);
  timbre.setAttributeNS(XSI_NS, 'xsi:schemaLocation', TFD_SCHEMA_LOCATION);
  for (const [name, value] of Object.entries(attributes)) timbre.setAttribute(name, value);
  return timbre;
}

export interface Stamped {
  xml: string;
  /** The timbre's cadena original (SW answers it as cadenaOriginalSAT) and its seal. */
  cadenaOriginalSat: string;
  selloSat: string;
}

/**
 * Adds the TimbreFiscalDigital 1.1 to the CFDI's Complemento (creating it before any Addenda)
 * and returns the stamped XML. SelloSAT is the PAC's RSA-SHA256 signature of the cadena
 * original that SAT's cadenaoriginal_TFD_1_1.xslt computes from the timbre.
 */
export async function addTimbre(
  cfdi: Document,
  timbre: Timbre,
  pac: PacIdentity,
): Promise<Stamped> {
  const attributes = {
    Version: '1.1',
    UUID: timbre.uuid,
    FechaTimbrado: timbre.fechaTimbrado,
    RfcProvCertif: pac.rfc,
    SelloCFD: timbre.selloCfd,
    NoCertificadoSAT: pac.noCertificado,
  };
  const serializer = new XMLSerializer();
  const cadena = await cadenaOriginal(
    serializer.serializeToString(timbreElement(attributes)),
    SAT_FILES.cadenaOriginalTfd11Xslt,
  );
  const selloSat = sign('RSA-SHA256', Buffer.from(cadena, 'utf8'), pac.privateKeyPem).toString(
    'base64',
  );
  const signed = timbreElement({ ...attributes, SelloSAT: selloSat });
  complementoOf(cfdi).appendChild(cfdi.importNode(signed, true));
  return { xml: serializer.serializeToString(cfdi), cadenaOriginalSat: cadena, selloSat };
}

function complementoOf(cfdi: Document): Element {
  const root = cfdi.documentElement!;
  const children = childElements(root).filter((el) => el.namespaceURI === CFDI_NS);
  const existing = children.find((el) => el.localName === 'Complemento');
  if (existing) return existing;
  const complemento = cfdi.createElementNS(
    CFDI_NS,
    `${root.prefix ? `${root.prefix}:` : ''}Complemento`,
  );
  const addenda = children.find((el) => el.localName === 'Addenda');
  root.insertBefore(complemento, addenda ?? null);
  return complemento;
}

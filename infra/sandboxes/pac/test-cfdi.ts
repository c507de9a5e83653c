/**
 * Test-only: minimal sealed CFDI 4.0 documents (a colegiatura with the IEDU complement, or a
 * taxed sale), sealed the way an issuer does it, independently of the sandbox's code: the
 * cadena original straight from xsltproc and SAT's stylesheet, signed RSA-SHA256.
 */
import { execFileSync } from 'node:child_process';
import { sign } from 'node:crypto';
import { SAT_FILES } from '@cuota/sat-cfd/sat-files';
import { certificateBase64, issueSatCertificate } from './sat-certificate.ts';

export interface TestCsd {
  rfc: string;
  noCertificado: string;
  certificate: string;
  privateKeyPem: string;
}

const YEAR_MS = 365 * 24 * 60 * 60 * 1000;

export function testCsd(
  rfc: string,
  noCertificado = '30001000000500003416',
  validity = { from: new Date(Date.now() - YEAR_MS), to: new Date(Date.now() + 3 * YEAR_MS) },
): TestCsd {
  const issued = issueSatCertificate({
    rfc,
    name: 'CSD DE PRUEBA',
    noCertificado,
    validFrom: validity.from,
    validTo: validity.to,
  });
  return {
    rfc,
    noCertificado,
    certificate: certificateBase64(issued.certificatePem),
    privateKeyPem: issued.privateKeyPem,
  };
}

/** A date as a CFDI writes it: local time in Mexico City, AAAA-MM-DDThh:mm:ss. */
export function mexicoCityTime(date: Date): string {
  return new Intl.DateTimeFormat('sv-SE', {
    timeZone: 'America/Mexico_City',
    dateStyle: 'short',
    timeStyle: 'medium',
  })
    .format(date)
    .replace(' ', 'T');
}

export interface TestConcepto {
  descripcion: string;
  cantidad: string;
  valorUnitario: string;
  importe: string;
  /** IVA: exempt tuition (no rate) or a Tasa with its amount. */
  iva: { base: string; tasa?: string; importe?: string };
  alumno?: { nombre: string; curp: string; nivel: string; rvoe: string };
}

export interface TestInvoice {
  fecha: string;
  tipo: 'I' | 'E';
  lugarExpedicion: string;
  emisor: { rfc: string; nombre: string; regimen: string };
  receptor: { rfc: string; nombre: string; cp: string; regimen: string; uso: string };
  conceptos: TestConcepto[];
  subTotal: string;
  total: string;
  impuestos: {
    totalTrasladados?: string;
    traslados: { base: string; tasa?: string; importe?: string }[];
  };
  relacionados?: { tipoRelacion: string; uuids: string[] };
}

export const SCHOOL = { rfc: 'EKU9003173C9', nombre: 'ESCUELA KEMPER URGATE', regimen: '603' };
export const FAMILY = {
  rfc: 'GOMA800101AB6',
  nombre: 'ANA GOMEZ MARTINEZ',
  cp: '06700',
  regimen: '605',
  uso: 'D10',
};

/** One month of tuition: exempt from IVA, with the IEDU complement. */
export function tuitionInvoice(fecha: Date, amount = '3500.00'): TestInvoice {
  return {
    fecha: mexicoCityTime(fecha),
    tipo: 'I',
    lugarExpedicion: '06600',
    emisor: SCHOOL,
    receptor: FAMILY,
    conceptos: [
      {
        descripcion: 'Colegiatura noviembre 2026',
        cantidad: '1',
        valorUnitario: amount,
        importe: amount,
        iva: { base: amount },
        alumno: {
          nombre: 'Luis Gómez Martínez',
          curp: 'GOML150101HDFMRS09',
          nivel: 'Primaria',
          rvoe: '09PPR1234X',
        },
      },
    ],
    subTotal: amount,
    total: amount,
    impuestos: { traslados: [{ base: amount }] },
  };
}

/** Two uniforms at $450.00 with IVA 16 %: 900.00 + 144.00 = 1044.00. */
export function uniformInvoice(fecha: Date): TestInvoice {
  return {
    ...tuitionInvoice(fecha),
    conceptos: [
      {
        descripcion: 'Uniforme deportivo',
        cantidad: '2',
        valorUnitario: '450.00',
        importe: '900.00',
        iva: { base: '900.00', tasa: '0.160000', importe: '144.00' },
      },
    ],
    subTotal: '900.00',
    total: '1044.00',
    impuestos: {
      totalTrasladados: '144.00',
      traslados: [{ base: '900.00', tasa: '0.160000', importe: '144.00' }],
    },
  };
}

const escape = (value: string) =>
  value.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]!);

function attributes(values: Record<string, string | undefined>): string {
  return Object.entries(values)
    .filter(([, value]) => value !== undefined)
    .map(([name, value]) => `${name}="${escape(value!)}"`)
    .join(' ');
}

function traslado(iva: TestConcepto['iva']): string {
  const factor = iva.tasa ? 'Tasa' : 'Exento';
  return `<cfdi:Traslado ${attributes({ Base: iva.base, Impuesto: '002', TipoFactor: factor, TasaOCuota: iva.tasa, Importe: iva.importe })}/>`;
}

function concepto(c: TestConcepto): string {
  const iedu = c.alumno
    ? `<cfdi:ComplementoConcepto><iedu:instEducativas ${attributes({ version: '1.0', nombreAlumno: c.alumno.nombre, CURP: c.alumno.curp, nivelEducativo: c.alumno.nivel, autRVOE: c.alumno.rvoe })}/></cfdi:ComplementoConcepto>`
    : '';
  return `<cfdi:Concepto ${attributes({ ClaveProdServ: c.alumno ? '86121500' : '53102700', Cantidad: c.cantidad, ClaveUnidad: c.alumno ? 'E48' : 'H87', Descripcion: c.descripcion, ValorUnitario: c.valorUnitario, Importe: c.importe, ObjetoImp: '02' })}><cfdi:Impuestos><cfdi:Traslados>${traslado(c.iva)}</cfdi:Traslados></cfdi:Impuestos>${iedu}</cfdi:Concepto>`;
}

/** The invoice as XML, sealed with `csd` (Certificado, NoCertificado and Sello filled in). */
export function sealedCfdi(invoice: TestInvoice, csd: TestCsd): string {
  const relacionados = invoice.relacionados
    ? `<cfdi:CfdiRelacionados TipoRelacion="${invoice.relacionados.tipoRelacion}">${invoice.relacionados.uuids.map((uuid) => `<cfdi:CfdiRelacionado UUID="${uuid}"/>`).join('')}</cfdi:CfdiRelacionados>`
    : '';
  const { emisor, receptor, impuestos } = invoice;
  const unsealed = `<?xml version="1.0" encoding="UTF-8"?>
<cfdi:Comprobante xmlns:cfdi="http://www.sat.gob.mx/cfd/4" xmlns:iedu="http://www.sat.gob.mx/iedu" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xsi:schemaLocation="http://www.sat.gob.mx/cfd/4 http://www.sat.gob.mx/sitio_internet/cfd/4/cfdv40.xsd http://www.sat.gob.mx/iedu http://www.sat.gob.mx/sitio_internet/cfd/iedu/iedu.xsd" ${attributes(
    {
      Version: '4.0',
      Serie: 'A',
      Folio: '1',
      Fecha: invoice.fecha,
      Sello: '',
      FormaPago: '03',
      NoCertificado: csd.noCertificado,
      Certificado: csd.certificate,
      SubTotal: invoice.subTotal,
      Moneda: 'MXN',
      Total: invoice.total,
      TipoDeComprobante: invoice.tipo,
      Exportacion: '01',
      MetodoPago: 'PUE',
      LugarExpedicion: invoice.lugarExpedicion,
    },
  )}>
  ${relacionados}<cfdi:Emisor ${attributes({ Rfc: emisor.rfc, Nombre: emisor.nombre, RegimenFiscal: emisor.regimen })}/>
  <cfdi:Receptor ${attributes({ Rfc: receptor.rfc, Nombre: receptor.nombre, DomicilioFiscalReceptor: receptor.cp, RegimenFiscalReceptor: receptor.regimen, UsoCFDI: receptor.uso })}/>
  <cfdi:Conceptos>${invoice.conceptos.map(concepto).join('')}</cfdi:Conceptos>
  <cfdi:Impuestos ${attributes({ TotalImpuestosTrasladados: impuestos.totalTrasladados })}><cfdi:Traslados>${impuestos.traslados.map((t) => traslado(t)).join('')}</cfdi:Traslados></cfdi:Impuestos>
</cfdi:Comprobante>
`;
  return unsealed.replace('Sello=""', `Sello="${seal(unsealed, csd)}"`);
}

/** SAT's cadena original of a CFDI 4.0, by xsltproc. */
export function cadenaOf(xml: string, stylesheet = SAT_FILES.cadenaOriginal40Xslt): string {
  return execFileSync('xsltproc', [stylesheet, '-'], { input: xml, stdio: 'pipe' }).toString();
}

function seal(xml: string, csd: TestCsd): string {
  return sign('RSA-SHA256', Buffer.from(cadenaOf(xml)), csd.privateKeyPem).toString('base64');
}

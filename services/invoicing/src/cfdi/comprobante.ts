/**
 * A CFDI 4.0 as data: SAT's node and attribute names, every value the exact string the
 * XML carries. The XML writer, the cadena original and the PDF all read this one shape, so
 * what is sealed is what is written and printed. Only what the engine emits is modelled
 * (plus the TimbreFiscalDigital a PAC adds).
 */

export interface Comprobante {
  Version: '4.0';
  Serie?: string;
  Folio?: string;
  Fecha: string;
  /** Set when sealed. */
  Sello?: string;
  /** Optional in the XSD; the engine always writes it (the payment was received). */
  FormaPago?: string;
  NoCertificado?: string;
  Certificado?: string;
  SubTotal: string;
  Moneda: string;
  Total: string;
  TipoDeComprobante: string;
  Exportacion: string;
  MetodoPago?: string;
  LugarExpedicion: string;
  InformacionGlobal?: InformacionGlobal;
  CfdiRelacionados?: CfdiRelacionados[];
  Emisor: Emisor;
  Receptor: Receptor;
  Conceptos: Concepto[];
  Impuestos?: Impuestos;
  /** Complemento/pago20:Pagos of a TipoDeComprobante P (pagos20.ts). */
  Pagos?: Pagos;
}

export interface InformacionGlobal {
  Periodicidad: string;
  Meses: string;
  Año: string;
}

/** c_TipoRelacion (01 nota de crédito, 04 sustitución…) and the UUIDs it relates to. */
export interface CfdiRelacionados {
  TipoRelacion: string;
  UUIDs: string[];
}

export interface Emisor {
  Rfc: string;
  Nombre: string;
  RegimenFiscal: string;
}

export interface Receptor {
  Rfc: string;
  Nombre: string;
  DomicilioFiscalReceptor: string;
  RegimenFiscalReceptor: string;
  UsoCFDI: string;
}

export interface Concepto {
  ClaveProdServ: string;
  /** The ticket or payment a global invoice's concept stands for (SAT's guía de llenado). */
  NoIdentificacion?: string;
  Cantidad: string;
  ClaveUnidad: string;
  Unidad?: string;
  Descripcion: string;
  ValorUnitario: string;
  Importe: string;
  ObjetoImp: string;
  /** Present exactly when ObjetoImp is 02 (CFDI40171/40172). */
  Traslados?: Traslado[];
  /** ComplementoConcepto/iedu:instEducativas. */
  instEducativas?: InstEducativas;
}

export interface Traslado {
  Base: string;
  Impuesto: string;
  TipoFactor: string;
  /** Absent when TipoFactor is Exento (CFDI40177), like Importe. */
  TasaOCuota?: string;
  Importe?: string;
}

export interface Impuestos {
  Traslados: Traslado[];
  /** Absent when every traslado is Exento. */
  TotalImpuestosTrasladados?: string;
}

export interface InstEducativas {
  version: '1.0';
  nombreAlumno: string;
  CURP: string;
  nivelEducativo:
    | 'Preescolar'
    | 'Primaria'
    | 'Secundaria'
    | 'Profesional técnico'
    | 'Bachillerato o su equivalente';
  autRVOE: string;
  rfcPago?: string;
}

/** tfd:TimbreFiscalDigital 1.1: what the PAC adds when it stamps. */
export interface TimbreFiscalDigital {
  Version: '1.1';
  UUID: string;
  FechaTimbrado: string;
  RfcProvCertif: string;
  Leyenda?: string;
  SelloCFD: string;
  NoCertificadoSAT: string;
  SelloSAT: string;
}

export interface StampedComprobante {
  comprobante: Comprobante;
  timbre: TimbreFiscalDigital;
}

/** pago20:Pagos 2.0: the payments a CFDI de pago (P) records against PPD invoices. */
export interface Pagos {
  Version: '2.0';
  Totales: PagosTotales;
  Pago: Pago[];
}

export interface PagosTotales {
  TotalTrasladosBaseIVA16?: string;
  TotalTrasladosImpuestoIVA16?: string;
  TotalTrasladosBaseIVAExento?: string;
  MontoTotalPagos: string;
}

export interface Pago {
  FechaPago: string;
  FormaDePagoP: string;
  MonedaP: string;
  TipoCambioP?: string;
  Monto: string;
  DoctoRelacionado: DoctoRelacionado[];
  TrasladosP?: TrasladoP[];
}

export interface DoctoRelacionado {
  IdDocumento: string;
  Serie?: string;
  Folio?: string;
  MonedaDR: string;
  EquivalenciaDR?: string;
  NumParcialidad: string;
  ImpSaldoAnt: string;
  ImpPagado: string;
  ImpSaldoInsoluto: string;
  ObjetoImpDR: string;
  TrasladosDR?: TrasladoDR[];
}

export interface TrasladoDR {
  BaseDR: string;
  ImpuestoDR: string;
  TipoFactorDR: string;
  TasaOCuotaDR?: string;
  ImporteDR?: string;
}

export interface TrasladoP {
  BaseP: string;
  ImpuestoP: string;
  TipoFactorP: string;
  TasaOCuotaP?: string;
  ImporteP?: string;
}

export const CFDI_NAMESPACE = 'http://www.sat.gob.mx/cfd/4';
export const IEDU_NAMESPACE = 'http://www.sat.gob.mx/iedu';
export const TFD_NAMESPACE = 'http://www.sat.gob.mx/TimbreFiscalDigital';
export const PAGOS_NAMESPACE = 'http://www.sat.gob.mx/Pagos20';
export const XSI_NAMESPACE = 'http://www.w3.org/2001/XMLSchema-instance';

export const SCHEMA_LOCATIONS = {
  cfdi: `${CFDI_NAMESPACE} http://www.sat.gob.mx/sitio_internet/cfd/4/cfdv40.xsd`,
  iedu: `${IEDU_NAMESPACE} http://www.sat.gob.mx/sitio_internet/cfd/iedu/iedu.xsd`,
  pagos: `${PAGOS_NAMESPACE} http://www.sat.gob.mx/sitio_internet/cfd/Pagos/Pagos20.xsd`,
  tfd: `${TFD_NAMESPACE} http://www.sat.gob.mx/sitio_internet/cfd/TimbreFiscalDigital/TimbreFiscalDigitalv11.xsd`,
} as const;

/**
 * The slices of SAT's CFDI 4.0 catalogs the engine decides with and the PDF prints.
 * Source: ../shared/reference/mexico.md §2.11 (phpcfdi/resources-sat-catalogs, cfdi_40_*).
 */

export {
  REGIMENES_FISCALES,
  REGIMEN_FISCAL_CODES,
  USOS_CFDI,
  isRegimenFiscal,
  isUsoCfdi,
  regimenAppliesTo,
  usoAllowedFor,
  type RegimenFiscal,
  type UsoCfdiCode,
} from '@cuota/contracts/invoicing/fiscal-catalogs';

/** c_FormaPago for the ways a family pays a school (spec: payment methods). */
export const FORMAS_PAGO = {
  '01': 'Efectivo',
  '03': 'Transferencia electrónica de fondos',
  '04': 'Tarjeta de crédito',
  /** A credit note applied to what the family still owes on a PPD invoice (ADR 0037). */
  '17': 'Compensación',
  '28': 'Tarjeta de débito',
  '99': 'Por definir',
} as const;
export type FormaPago = keyof typeof FORMAS_PAGO;

export const METODOS_PAGO = {
  PUE: 'Pago en una sola exhibición',
  PPD: 'Pago en parcialidades o diferido',
} as const;

export const OBJETOS_IMPUESTO = {
  '01': 'No objeto de impuesto',
  '02': 'Sí objeto de impuesto',
} as const;
export type ObjetoImp = keyof typeof OBJETOS_IMPUESTO;

export const TIPOS_COMPROBANTE = { I: 'Ingreso', E: 'Egreso', P: 'Pago' } as const;
export const EXPORTACIONES = { '01': 'No aplica' } as const;
export const IMPUESTOS = { '002': 'IVA' } as const;

/** A code with its catalog text, for printing ("03 - Transferencia …"); unknown: the code. */
export function describe(table: Record<string, string | { description: string }>, code: string) {
  const entry = Object.hasOwn(table, code) ? table[code] : undefined;
  const text = typeof entry === 'string' ? entry : entry?.description;
  return text ? `${code} - ${text}` : code;
}

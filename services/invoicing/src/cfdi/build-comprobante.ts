/**
 * A payment (InvoiceInput) to an unsealed CFDI 4.0 income invoice with the IEDU complement
 * on colegiaturas. Pure: same input, same Comprobante. The tax decisions are in
 * docs/adr/0101-cfdi-engine.md.
 */
import type { z } from 'zod';
import { parseRfc } from '@cuota/contracts/invoicing/rfc';
import { formatCentavos, formatRate, formatUnitValue } from './cfdi-amounts.ts';
import { formatCfdiDate, localDateTime } from './cfdi-date.ts';
import { CfdiError } from './cfdi-error.ts';
import { cfdiText } from './cfdi-text.ts';
import type { Comprobante, Concepto, Impuestos, Receptor, Traslado } from './comprobante.ts';
import {
  CONCEPT_FISCAL_PROFILES,
  claveProdServFor,
  type ConceptFiscalProfile,
} from './concept-fiscal-profile.ts';
import { instEducativasFor } from './iedu.ts';
import {
  invoiceInputSchema,
  type InvoiceInput,
  type PaidMethod,
  type ParsedInvoiceInput,
} from './invoice-input.ts';
import { IVA_GENERAL_BASIS_POINTS, splitIvaIncluded } from './iva-split.ts';
import {
  NOMBRE_PUBLICO_EN_GENERAL,
  REGIMEN_SIN_OBLIGACIONES,
  RFC_PUBLICO_EN_GENERAL,
  resolveReceptor,
  type ResolvedReceptor,
} from './receptor.ts';
import { usoAllowedFor, type FormaPago, type UsoCfdiCode } from './sat-catalogs.ts';
import { chooseUsoCfdi } from './uso-cfdi.ts';

export const FORMA_PAGO_BY_METHOD: Record<PaidMethod, FormaPago> = {
  cash: '01',
  transfer: '03',
  credit_card: '04',
  debit_card: '28',
};

/** FormaPago of a PPD invoice: how it will be paid is not known yet (mexico.md §2.10). */
const FORMA_POR_DEFINIR: FormaPago = '99';
/** FormaPago of a PPD invoice's credit note: set off against its balance (ADR 0037). */
const FORMA_COMPENSACION: FormaPago = '17';
const IVA = '002';
const TASA_IVA_GENERAL = formatRate(IVA_GENERAL_BASIS_POINTS);
const TASA_CERO = formatRate(0);

export interface BuiltComprobante {
  comprobante: Comprobante;
  /** How the receptor was resolved (and, for público en general, why). */
  receptor: ResolvedReceptor;
}

export interface ConceptLine {
  concepto: Concepto;
  baseCentavos: number;
  ivaCentavos: number;
}

export function buildComprobante(input: InvoiceInput): BuiltComprobante {
  const invoice = parseInvoiceInput(input);
  const { issuer, payment } = invoice;
  const emisor = emisorOf(issuer);
  if (payment.paidAt > invoice.issuedAt) {
    throw new CfdiError(
      'PAGO_POSTERIOR_A_LA_FACTURA',
      'La factura es por un pago ya recibido: la fecha del pago no puede ser posterior a la de la factura.',
    );
  }
  const receptor = resolveReceptor(invoice.receptor);
  const payerRfc = payment.payerRfc ?? (receptor.kind === 'nominativo' ? receptor.rfc : undefined);
  const related = invoice.creditNoteFor;
  // IEDU documents a payment for teaching: a credit note gives money back, it carries none.
  const lines = invoice.lines.map((line) => conceptLine(line, invoice, payerRfc, !related));
  const conceptos = lines.map((line) => line.concepto);
  const formaPago = formaPagoOf(invoice);
  const subTotal = sum(lines.map((line) => line.baseCentavos));
  const iva = sum(lines.map((line) => line.ivaCentavos));
  const globalPeriod = localDateTime(payment.paidAt, issuer.timeZone);
  const publicoGlobal = receptor.kind === 'publico-en-general' && receptor.name === null;
  const impuestos = impuestosOf(lines);

  const comprobante: Comprobante = {
    Version: '4.0',
    ...(invoice.series ? { Serie: invoice.series } : {}),
    ...(invoice.folio ? { Folio: invoice.folio } : {}),
    Fecha: formatCfdiDate(invoice.issuedAt, issuer.timeZone),
    FormaPago: formaPago,
    SubTotal: formatCentavos(subTotal),
    Moneda: 'MXN',
    Total: formatCentavos(subTotal + iva),
    TipoDeComprobante: related ? 'E' : 'I',
    Exportacion: '01',
    MetodoPago: invoice.deferred ? 'PPD' : 'PUE',
    LugarExpedicion: issuer.postalCode,
    ...(publicoGlobal
      ? {
          InformacionGlobal: {
            Periodicidad: '01', // diaria: this payment's day
            Meses: globalPeriod.month,
            Año: globalPeriod.year,
          },
        }
      : {}),
    ...relacionadosOf(invoice),
    Emisor: emisor,
    Receptor: receptorNode(receptor, issuer.postalCode, {
      deductibleTuition: conceptos.some((c) => c.instEducativas),
      formaPago,
      creditNote: related !== undefined,
    }),
    Conceptos: conceptos,
    ...(impuestos ? { Impuestos: impuestos } : {}),
  };
  return { comprobante, receptor };
}

function formaPagoOf(invoice: ParsedInvoiceInput): FormaPago {
  if (invoice.deferred) return FORMA_POR_DEFINIR;
  if (invoice.againstBalance && invoice.creditNoteFor) return FORMA_COMPENSACION;
  return FORMA_PAGO_BY_METHOD[invoice.payment.method];
}

/** The school as emisor: its own RFC (never a generic one) and razón social. */
export function emisorOf(issuer: ParsedInvoiceInput['issuer']): Comprobante['Emisor'] {
  const rfc = parseRfc(issuer.rfc);
  if (!rfc || rfc.generic) {
    throw new CfdiError('DATOS_INVALIDOS', `El RFC de la escuela (${issuer.rfc}) no es válido.`);
  }
  const nombre = cfdiText(issuer.legalName, 300);
  if (!nombre) throw new CfdiError('DATOS_INVALIDOS', 'Falta la razón social de la escuela.');
  return { Rfc: rfc.rfc, Nombre: nombre, RegimenFiscal: issuer.regimenFiscal };
}

/** A credit note relates to its income CFDI (01), a substitute to the CFDI it replaces (04). */
function relacionadosOf(invoice: ParsedInvoiceInput): Pick<Comprobante, 'CfdiRelacionados'> {
  const relations = [
    ...(invoice.creditNoteFor ? [{ TipoRelacion: '01', UUIDs: [invoice.creditNoteFor] }] : []),
    ...(invoice.substitutes ? [{ TipoRelacion: '04', UUIDs: [invoice.substitutes] }] : []),
  ];
  return relations.length ? { CfdiRelacionados: relations } : {};
}

function parseInvoiceInput(input: InvoiceInput): ParsedInvoiceInput {
  return parseOrCfdiError(invoiceInputSchema, input);
}

/** Input the engine refuses, as a CfdiError naming the first bad field. */
export function parseOrCfdiError<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  const [issue] = result.error.issues;
  const where = issue?.path.length ? `${issue.path.join('.')}: ` : '';
  throw new CfdiError('DATOS_INVALIDOS', `${where}${issue?.message ?? 'Datos inválidos.'}`);
}

function conceptLine(
  line: ParsedInvoiceInput['lines'][number],
  invoice: ParsedInvoiceInput,
  payerRfc: string | undefined,
  withIedu: boolean,
): ConceptLine {
  const profile = profileOf(line);
  const { student } = line;
  if (profile.requiresStudent && !student) {
    throw new CfdiError(
      'DATOS_INVALIDOS',
      `El concepto "${line.description}" es de enseñanza y necesita los datos del alumno.`,
    );
  }
  const { rvoe, exempt } = teachingExemption(line, invoice.issuer);
  const amounts = amountsOf(line.amountCentavos, profile, exempt || line.iva === 'exento');
  const instEducativas =
    withIedu && profile.deductibleTuition && !line.lateFee && exempt && student && rvoe
      ? instEducativasFor({ student, autRVOE: rvoe, payerRfc })
      : undefined;
  const descripcion = cfdiText(line.description, 1000);
  if (!descripcion) {
    throw new CfdiError('DATOS_INVALIDOS', 'Cada concepto necesita una descripción.');
  }
  const concepto: Concepto = {
    ClaveProdServ: line.claveProdServ ?? claveProdServFor(profile, student?.level),
    Cantidad: String(line.quantity),
    ClaveUnidad: profile.claveUnidad,
    Unidad: profile.unidad,
    Descripcion: descripcion,
    ValorUnitario: formatUnitValue(amounts.baseCentavos, line.quantity),
    Importe: formatCentavos(amounts.baseCentavos),
    ObjetoImp: profile.iva === 'no-objeto' ? '01' : '02',
    ...(amounts.traslado ? { Traslados: [amounts.traslado] } : {}),
    ...(instEducativas ? { instEducativas } : {}),
  };
  return { concepto, baseCentavos: amounts.baseCentavos, ivaCentavos: amounts.ivaCentavos };
}

/** The concept type's profile, with a store line's own IVA over it (ADR 0083). */
function profileOf(line: ParsedInvoiceInput['lines'][number]): ConceptFiscalProfile {
  const profile = CONCEPT_FISCAL_PROFILES[line.conceptType];
  return line.iva === 'tasa0' || line.iva === 'tasa16' ? { ...profile, iva: line.iva } : profile;
}

/** Teaching is IVA-exempt only at a level with RVOE (LIVA 15-IV, mexico.md §2.4). */
export function teachingExemption(
  line: Pick<ParsedInvoiceInput['lines'][number], 'conceptType' | 'student'>,
  issuer: Pick<ParsedInvoiceInput['issuer'], 'rvoe'>,
): { rvoe: string | undefined; exempt: boolean } {
  const rvoe = line.student ? issuer.rvoe[line.student.level] : undefined;
  const exempt = CONCEPT_FISCAL_PROFILES[line.conceptType].iva === 'teaching' && rvoe !== undefined;
  return { rvoe, exempt };
}

export function amountsOf(
  paidCentavos: number,
  profile: Pick<ConceptFiscalProfile, 'iva'>,
  exempt: boolean,
): { baseCentavos: number; ivaCentavos: number; traslado?: Traslado } {
  if (profile.iva === 'no-objeto') return { baseCentavos: paidCentavos, ivaCentavos: 0 };
  if (exempt) {
    const traslado = { Base: formatCentavos(paidCentavos), Impuesto: IVA, TipoFactor: 'Exento' };
    return { baseCentavos: paidCentavos, ivaCentavos: 0, traslado };
  }
  if (profile.iva === 'tasa0') {
    const base = formatCentavos(paidCentavos);
    const traslado = { Base: base, Impuesto: IVA, TipoFactor: 'Tasa', TasaOCuota: TASA_CERO };
    return {
      baseCentavos: paidCentavos,
      ivaCentavos: 0,
      traslado: { ...traslado, Importe: '0.00' },
    };
  }
  const { baseCentavos, ivaCentavos } = splitIvaIncluded(paidCentavos);
  const traslado = {
    Base: formatCentavos(baseCentavos),
    Impuesto: IVA,
    TipoFactor: 'Tasa',
    TasaOCuota: TASA_IVA_GENERAL,
    Importe: formatCentavos(ivaCentavos),
  };
  return { baseCentavos, ivaCentavos, traslado };
}

/**
 * Comprobante-level summary, one Traslado per tax, factor and rate: bases and amounts are
 * the sums of the concepts' (CFDI 4.0 also summarises exempt bases). No Impuestos node when
 * no concept carries a tax (e.g. a donation alone).
 */
export function impuestosOf(lines: ConceptLine[]): Impuestos | undefined {
  const groups = new Map<string, { first: Traslado; base: number; importe: number }>();
  for (const { concepto, baseCentavos, ivaCentavos } of lines) {
    for (const traslado of concepto.Traslados ?? []) {
      const key = `${traslado.Impuesto}|${traslado.TipoFactor}|${traslado.TasaOCuota ?? ''}`;
      const group = groups.get(key) ?? { first: traslado, base: 0, importe: 0 };
      group.base += baseCentavos;
      group.importe += ivaCentavos;
      groups.set(key, group);
    }
  }
  if (!groups.size) return undefined;
  const traslados: Traslado[] = [...groups.values()].map(({ first, base, importe }) => ({
    Base: formatCentavos(base),
    Impuesto: first.Impuesto,
    TipoFactor: first.TipoFactor,
    ...(first.TasaOCuota !== undefined
      ? { TasaOCuota: first.TasaOCuota, Importe: formatCentavos(importe) }
      : {}),
  }));
  const taxed = [...groups.values()].filter((g) => g.first.TipoFactor !== 'Exento');
  return {
    Traslados: traslados,
    ...(taxed.length
      ? { TotalImpuestosTrasladados: formatCentavos(sum(taxed.map((g) => g.importe))) }
      : {}),
  };
}

export function receptorNode(
  receptor: ResolvedReceptor,
  lugarExpedicion: string,
  use: { deductibleTuition: boolean; formaPago: FormaPago; creditNote: boolean },
): Receptor {
  if (receptor.kind === 'publico-en-general') {
    return {
      Rfc: RFC_PUBLICO_EN_GENERAL,
      Nombre: receptor.name ?? NOMBRE_PUBLICO_EN_GENERAL,
      DomicilioFiscalReceptor: lugarExpedicion, // CFDI40149
      RegimenFiscalReceptor: REGIMEN_SIN_OBLIGACIONES, // CFDI40159
      UsoCFDI: 'S01',
    };
  }
  return {
    Rfc: receptor.rfc,
    Nombre: receptor.name,
    DomicilioFiscalReceptor: receptor.postalCode,
    RegimenFiscalReceptor: receptor.regimen,
    UsoCFDI: use.creditNote
      ? creditNoteUso(receptor)
      : chooseUsoCfdi({
          kind: receptor.rfcKind,
          regimen: receptor.regimen,
          requested: receptor.requestedUso,
          ...use,
        }),
  };
}

/** G02 (devoluciones, descuentos o bonificaciones) where the régimen admits it, else S01. */
function creditNoteUso(receptor: Extract<ResolvedReceptor, { kind: 'nominativo' }>): UsoCfdiCode {
  return usoAllowedFor('G02', receptor.rfcKind, receptor.regimen) ? 'G02' : 'S01';
}

export function sum(values: number[]): number {
  return values.reduce((a, b) => a + b, 0);
}

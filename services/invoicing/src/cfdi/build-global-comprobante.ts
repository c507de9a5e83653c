/**
 * A period's payments of families without valid fiscal data to ONE unsealed global CFDI 4.0
 * (público en general, InformacionGlobal). One Concepto per ticket and tax treatment, as
 * SAT's guía de llenado asks of a global invoice: ClaveProdServ 01010101, ClaveUnidad ACT,
 * Descripcion «Venta», NoIdentificacion = the payment. Rules: ADR 0037 «global invoice».
 */
import { formatCentavos, formatUnitValue } from './cfdi-amounts.ts';
import { formatCfdiDate, localDateTime } from './cfdi-date.ts';
import { CfdiError } from './cfdi-error.ts';
import {
  FORMA_PAGO_BY_METHOD,
  amountsOf,
  emisorOf,
  impuestosOf,
  parseOrCfdiError,
  receptorNode,
  sum,
  teachingExemption,
  type ConceptLine,
} from './build-comprobante.ts';
import type { Comprobante } from './comprobante.ts';
import { CONCEPT_FISCAL_PROFILES, type IvaTreatment } from './concept-fiscal-profile.ts';
import {
  globalInvoiceInputSchema,
  type GlobalInvoiceInput,
  type ParsedGlobalInvoiceInput,
} from './global-invoice-input.ts';
import { globalPeriodOf, inGlobalPeriod, type GlobalPeriod } from './global-period.ts';
import type { PaidMethod } from './invoice-input.ts';

const CLAVE_VENTA_GLOBAL = '01010101';
const CLAVE_UNIDAD_ACTIVIDAD = 'ACT';

type Ticket = ParsedGlobalInvoiceInput['tickets'][number];
type Issuer = ParsedGlobalInvoiceInput['issuer'];
/** The ways a line is taxed; lines taxed alike in a ticket share one concept. */
type Treatment = 'no-objeto' | 'exento' | 'tasa16' | 'tasa0';

export interface BuiltGlobalComprobante {
  comprobante: Comprobante;
  period: GlobalPeriod;
}

export function buildGlobalComprobante(input: GlobalInvoiceInput): BuiltGlobalComprobante {
  const invoice = parseOrCfdiError(globalInvoiceInputSchema, input);
  const { issuer } = invoice;
  const period = globalPeriodOf(invoice.periodicity, invoice.day);
  assertPeriodClosed(period, invoice);
  const emisor = emisorOf(issuer);
  const lines = invoice.tickets.flatMap((ticket) => ticketConcepts(ticket, issuer, period));
  const subTotal = sum(lines.map((line) => line.baseCentavos));
  const iva = sum(lines.map((line) => line.ivaCentavos));
  const formaPago = FORMA_PAGO_BY_METHOD[largestMethod(invoice.tickets)];
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
    TipoDeComprobante: 'I',
    Exportacion: '01',
    MetodoPago: 'PUE',
    LugarExpedicion: issuer.postalCode,
    InformacionGlobal: period.informacionGlobal,
    ...(invoice.substitutes
      ? { CfdiRelacionados: [{ TipoRelacion: '04', UUIDs: [invoice.substitutes] }] }
      : {}),
    Emisor: emisor,
    Receptor: receptorNode(
      { kind: 'publico-en-general', name: null, reason: '' },
      issuer.postalCode,
      {
        deductibleTuition: false,
        formaPago,
        creditNote: false,
      },
    ),
    Conceptos: lines.map((line) => line.concepto),
    ...(impuestos ? { Impuestos: impuestos } : {}),
  };
  return { comprobante, period };
}

function localDay(instant: Date, timeZone: string): string {
  const t = localDateTime(instant, timeZone);
  return `${t.year}-${t.month}-${t.day}`;
}

/** A global invoice covers a closed period: issued after its last day, never before. */
function assertPeriodClosed(period: GlobalPeriod, invoice: ParsedGlobalInvoiceInput): void {
  if (localDay(invoice.issuedAt, invoice.issuer.timeZone) <= period.to) {
    throw new CfdiError(
      'DATOS_INVALIDOS',
      `La factura global del periodo ${period.from} a ${period.to} se emite cuando el periodo termina.`,
    );
  }
}

function ticketConcepts(ticket: Ticket, issuer: Issuer, period: GlobalPeriod): ConceptLine[] {
  if (!inGlobalPeriod(period, localDay(ticket.paidAt, issuer.timeZone))) {
    throw new CfdiError(
      'DATOS_INVALIDOS',
      `El pago ${ticket.id} no es del periodo ${period.from} a ${period.to}.`,
    );
  }
  const paidByTreatment = new Map<Treatment, number>();
  for (const line of ticket.lines) {
    const treatment = treatmentOf(line, issuer);
    paidByTreatment.set(treatment, (paidByTreatment.get(treatment) ?? 0) + line.amountCentavos);
  }
  return [...paidByTreatment].map(([treatment, paid]) => {
    const amounts = amountsOf(paid, { iva: PROFILE_IVA[treatment] }, treatment === 'exento');
    return {
      concepto: {
        ClaveProdServ: CLAVE_VENTA_GLOBAL,
        NoIdentificacion: ticket.id,
        Cantidad: '1',
        ClaveUnidad: CLAVE_UNIDAD_ACTIVIDAD,
        Descripcion: 'Venta',
        ValorUnitario: formatUnitValue(amounts.baseCentavos, 1),
        Importe: formatCentavos(amounts.baseCentavos),
        ObjetoImp: treatment === 'no-objeto' ? '01' : '02',
        ...(amounts.traslado ? { Traslados: [amounts.traslado] } : {}),
      },
      baseCentavos: amounts.baseCentavos,
      ivaCentavos: amounts.ivaCentavos,
    };
  });
}

const PROFILE_IVA: Record<Treatment, IvaTreatment> = {
  'no-objeto': 'no-objeto',
  exento: 'teaching',
  tasa16: 'tasa16',
  tasa0: 'tasa0',
};

function treatmentOf(line: Ticket['lines'][number], issuer: Issuer): Treatment {
  if (CONCEPT_FISCAL_PROFILES[line.conceptType].iva === 'no-objeto') return 'no-objeto';
  // A store line's own IVA (ADR 0083).
  if (line.iva) return line.iva;
  return teachingExemption(line, issuer).exempt ? 'exento' : 'tasa16';
}

/** FormaPago of a global CFDI: the method that brought in the most money (first on a tie). */
function largestMethod(tickets: Ticket[]): PaidMethod {
  const totals = new Map<PaidMethod, number>();
  for (const ticket of tickets) {
    const paid = sum(ticket.lines.map((line) => line.amountCentavos));
    totals.set(ticket.method, (totals.get(ticket.method) ?? 0) + paid);
  }
  let best: [PaidMethod, number] | undefined;
  for (const entry of totals) if (!best || entry[1] > best[1]) best = entry;
  return best![0];
}

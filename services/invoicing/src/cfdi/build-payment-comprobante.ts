/**
 * A CFDI de pago (TipoDeComprobante P) with the Pagos 2.0 complement: one Pago for the money
 * received, one DoctoRelacionado per PPD invoice it pays, with its installment number and
 * balances, and the taxes of the part paid (ADR 0037 "PPD and Pagos 2.0"). Pure: the
 * balances come in already decided (payment-installments.ts), this only writes them.
 */
import { parseRfc } from '@cuota/contracts/invoicing/rfc';
import { formatCentavos, parseCentavos } from './cfdi-amounts.ts';
import { formatCfdiDate } from './cfdi-date.ts';
import { CfdiError } from './cfdi-error.ts';
import { cfdiText } from './cfdi-text.ts';
import type {
  Comprobante,
  DoctoRelacionado,
  Pago,
  PagosTotales,
  Receptor,
  Traslado,
  TrasladoDR,
  TrasladoP,
} from './comprobante.ts';
import { FORMA_PAGO_BY_METHOD } from './build-comprobante.ts';
import type { PaidMethod } from './invoice-input.ts';
import { splitIvaIncluded } from './iva-split.ts';

export interface PaidDocument {
  /** The stamped PPD invoice: its UUID, series, folio, total and comprobante-level traslados. */
  uuid: string;
  series?: string;
  folio?: string;
  totalCentavos: number;
  traslados: readonly Traslado[];
  installment: number;
  balanceBeforeCentavos: number;
  paidCentavos: number;
}

export interface PaymentComplementInput {
  issuer: {
    rfc: string;
    legalName: string;
    regimenFiscal: string;
    postalCode: string;
    timeZone?: string;
  };
  /** The PPD invoice's receptor as stamped (a complement is made out to the same receptor). */
  receptor: Receptor;
  series?: string;
  folio?: string;
  issuedAt: Date;
  payment: { method: PaidMethod; paidAt: Date };
  documents: readonly PaidDocument[];
  /**
   * The stamped CFDI de pago this one replaces (TipoRelacion 04, the only relation a CFDI de
   * pago admits): a payment partly given back is restated for what was kept.
   */
  substitutes?: string;
}

const IVA = '002';
const MXN = 'MXN';

/** The one concept of a CFDI de pago (SAT's guía de llenado; mexico.md §2.10). */
export const PAYMENT_CONCEPT = {
  ClaveProdServ: '84111506',
  Cantidad: '1',
  ClaveUnidad: 'ACT',
  Descripcion: 'Pago',
  ValorUnitario: '0',
  Importe: '0',
  ObjetoImp: '01',
} as const;

export function buildPaymentComprobante(input: PaymentComplementInput): Comprobante {
  const emisorRfc = parseRfc(input.issuer.rfc);
  const emisorNombre = cfdiText(input.issuer.legalName, 300);
  if (!emisorRfc || emisorRfc.generic || !emisorNombre)
    throw new CfdiError('DATOS_INVALIDOS', 'Los datos fiscales de la escuela no son válidos.');
  if (!input.documents.length)
    throw new CfdiError('DATOS_INVALIDOS', 'El pago no se relaciona con ninguna factura.');
  if (input.payment.paidAt > input.issuedAt)
    throw new CfdiError(
      'PAGO_POSTERIOR_A_LA_FACTURA',
      'El complemento es por un pago ya recibido: la fecha del pago no puede ser posterior.',
    );
  const timeZone = input.issuer.timeZone ?? 'America/Mexico_City';
  const doctos = input.documents.map(doctoRelacionado);
  const trasladosP = trasladosPOf(doctos);
  const monto = input.documents.reduce((sum, d) => sum + d.paidCentavos, 0);
  const pago: Pago = {
    FechaPago: formatCfdiDate(input.payment.paidAt, timeZone),
    FormaDePagoP: FORMA_PAGO_BY_METHOD[input.payment.method],
    MonedaP: MXN,
    // SAT: "1" when the payment is in pesos.
    TipoCambioP: '1',
    Monto: formatCentavos(monto),
    DoctoRelacionado: doctos,
    ...(trasladosP.length ? { TrasladosP: trasladosP } : {}),
  };
  return {
    Version: '4.0',
    ...(input.series ? { Serie: input.series } : {}),
    ...(input.folio ? { Folio: input.folio } : {}),
    Fecha: formatCfdiDate(input.issuedAt, timeZone),
    // A CFDI de pago carries no amounts of its own (CFDI40109/40113/40119): the complement does.
    SubTotal: '0',
    Moneda: 'XXX',
    Total: '0',
    TipoDeComprobante: 'P',
    Exportacion: '01',
    LugarExpedicion: input.issuer.postalCode,
    ...(input.substitutes
      ? { CfdiRelacionados: [{ TipoRelacion: '04', UUIDs: [input.substitutes] }] }
      : {}),
    Emisor: { Rfc: emisorRfc.rfc, Nombre: emisorNombre, RegimenFiscal: input.issuer.regimenFiscal },
    Receptor: { ...input.receptor, UsoCFDI: 'CP01' },
    Conceptos: [{ ...PAYMENT_CONCEPT }],
    Pagos: { Version: '2.0', Totales: totalesOf(monto, trasladosP), Pago: [pago] },
  };
}

function doctoRelacionado(doc: PaidDocument): DoctoRelacionado {
  const { installment, balanceBeforeCentavos: before, paidCentavos: paid } = doc;
  if (!Number.isInteger(installment) || installment < 1 || installment > 999)
    throw new CfdiError('DATOS_INVALIDOS', `Número de parcialidad inválido: ${installment}.`);
  if (!Number.isSafeInteger(paid) || paid < 1 || paid > before || before > doc.totalCentavos)
    throw new CfdiError(
      'DATOS_INVALIDOS',
      `El pago (${formatCentavos(paid)}) no cabe en el saldo de la factura (${formatCentavos(before)}).`,
    );
  const traslados = trasladosDrOf(doc);
  return {
    IdDocumento: doc.uuid,
    ...(doc.series ? { Serie: doc.series } : {}),
    ...(doc.folio ? { Folio: doc.folio } : {}),
    MonedaDR: MXN,
    // SAT: "1" when the document's currency is the payment's.
    EquivalenciaDR: '1',
    NumParcialidad: String(installment),
    ImpSaldoAnt: formatCentavos(before),
    ImpPagado: formatCentavos(paid),
    ImpSaldoInsoluto: formatCentavos(before - paid),
    ObjetoImpDR: traslados.length ? '02' : '01',
    ...(traslados.length ? { TrasladosDR: traslados } : {}),
  };
}

/**
 * The taxes of the part paid: the payment is shared among the invoice's tax groups in
 * proportion to what each group weighs in its total (largest remainders, so the shares add
 * up to the payment), and each share is split like an income line: an exempt share is its
 * own base, a 16 % share is IVA-included.
 */
function trasladosDrOf(doc: PaidDocument): TrasladoDR[] {
  const groups = doc.traslados.map((t) => ({
    traslado: t,
    gross: parseCentavos(t.Base) + (t.Importe ? parseCentavos(t.Importe) : 0),
  }));
  const untaxed = doc.totalCentavos - groups.reduce((sum, g) => sum + g.gross, 0);
  const shares = shareByWeight(doc.paidCentavos, [...groups.map((g) => g.gross), untaxed]);
  return groups.flatMap(({ traslado }, i): TrasladoDR[] => {
    const share = shares[i]!;
    if (share === 0) return [];
    if (traslado.TipoFactor === 'Exento')
      return [
        { BaseDR: formatCentavos(share), ImpuestoDR: traslado.Impuesto, TipoFactorDR: 'Exento' },
      ];
    const { baseCentavos, ivaCentavos } = splitIvaIncluded(share);
    return [
      {
        BaseDR: formatCentavos(baseCentavos),
        ImpuestoDR: traslado.Impuesto,
        TipoFactorDR: traslado.TipoFactor,
        ...(traslado.TasaOCuota ? { TasaOCuotaDR: traslado.TasaOCuota } : {}),
        ImporteDR: formatCentavos(ivaCentavos),
      },
    ];
  });
}

/** `amount` split in proportion to `weights` (non-negative), exactly, by largest remainders. */
export function shareByWeight(amount: number, weights: readonly number[]): number[] {
  const total = weights.reduce((sum, w) => sum + Math.max(w, 0), 0);
  if (total <= 0) return weights.map((_, i) => (i === weights.length - 1 ? amount : 0));
  const exact = weights.map((w) => (amount * Math.max(w, 0)) / total);
  const shares = exact.map(Math.floor);
  let left = amount - shares.reduce((a, b) => a + b, 0);
  const order = exact
    .map((value, i) => ({ i, fraction: value - Math.floor(value) }))
    .sort((a, b) => b.fraction - a.fraction);
  for (const { i } of order) {
    if (left === 0) break;
    shares[i]! += 1;
    left -= 1;
  }
  return shares;
}

/** ImpuestosP: per tax, factor and rate, the sums of the documents' TrasladosDR. */
function trasladosPOf(doctos: readonly DoctoRelacionado[]): TrasladoP[] {
  const groups = new Map<string, { first: TrasladoDR; base: number; importe: number }>();
  for (const t of doctos.flatMap((d) => d.TrasladosDR ?? [])) {
    const key = `${t.ImpuestoDR}|${t.TipoFactorDR}|${t.TasaOCuotaDR ?? ''}`;
    const group = groups.get(key) ?? { first: t, base: 0, importe: 0 };
    group.base += parseCentavos(t.BaseDR);
    group.importe += t.ImporteDR ? parseCentavos(t.ImporteDR) : 0;
    groups.set(key, group);
  }
  return [...groups.values()].map(({ first, base, importe }) => ({
    BaseP: formatCentavos(base),
    ImpuestoP: first.ImpuestoDR,
    TipoFactorP: first.TipoFactorDR,
    ...(first.TipoFactorDR !== 'Exento'
      ? { TasaOCuotaP: first.TasaOCuotaDR!, ImporteP: formatCentavos(importe) }
      : {}),
  }));
}

function totalesOf(monto: number, trasladosP: readonly TrasladoP[]): PagosTotales {
  const iva16 = trasladosP.find(
    (t) => t.ImpuestoP === IVA && t.TipoFactorP === 'Tasa' && t.TasaOCuotaP === '0.160000',
  );
  const exento = trasladosP.find((t) => t.ImpuestoP === IVA && t.TipoFactorP === 'Exento');
  return {
    ...(iva16
      ? { TotalTrasladosBaseIVA16: iva16.BaseP, TotalTrasladosImpuestoIVA16: iva16.ImporteP! }
      : {}),
    ...(exento ? { TotalTrasladosBaseIVAExento: exento.BaseP } : {}),
    MontoTotalPagos: formatCentavos(monto),
  };
}

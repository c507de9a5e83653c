import type { OrderForPayment } from './order-payment-repository';

/** A scholarship's value as ADR 0035's first step reads it. */
export interface ScholarshipTerms {
  kind: 'PERCENT' | 'AMOUNT';
  basisPoints: number | null;
  amountCentavos: number | null;
}

/** What a scholarship takes off a base: a percentage (halves up) or an amount, never more. */
export function scholarshipOn(base: number, s: ScholarshipTerms): number {
  const off =
    s.kind === 'PERCENT' ? Math.round((base * s.basisPoints!) / 10_000) : s.amountCentavos!;
  return Math.min(off, base);
}

/** Money applied or on its way: such an order is not re-priced (ADR 0035). */
export const hasMoney = (o: OrderForPayment) =>
  o.paidBaseCentavos > 0 || o.paidLateFeeCentavos > 0 || o.waitingPayinId !== null;

/** ADR 0035's answer to a correction of an order with money on it (409). */
export const ORDER_HAS_PAYMENTS =
  'Esta orden ya tiene pagos. Para cambiar su importe, primero reembolsa el pago o emite una nota de crédito desde Pagos; después corrige la orden.';

export const WITH_PAYMENTS_NOTE = (n: number) =>
  `${n === 1 ? 'Una orden ya tiene' : `${n} órdenes ya tienen`} pagos y ${
    n === 1 ? 'conserva su importe' : 'conservan su importe'
  }: para aplicarles el cambio, primero reembolsa el pago o emite una nota de crédito desde Pagos.`;

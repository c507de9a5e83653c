import type { OrderForPayment } from './order-payment-repository';

/** A scholarship's value as ADR 0035's first step reads it. */
export interface ScholarshipTerms {
  kind: 'PERCENT' | 'AMOUNT';
  basisPoints: number | null;
  amountCentavos: number | null;
}

/**
 * What a scholarship takes off an order's base: a percentage (halves up) or an amount, never
 * more than the base, nor more than its discounts leave (the total never goes below zero).
 */
export function scholarshipOn(
  o: Pick<OrderForPayment, 'amountCentavos' | 'discountCentavos' | 'surchargeCentavos'>,
  s: ScholarshipTerms,
): number {
  const base = o.amountCentavos;
  const off =
    s.kind === 'PERCENT' ? Math.round((base * s.basisPoints!) / 10_000) : s.amountCentavos!;
  return Math.max(0, Math.min(off, base, base + o.surchargeCentavos - o.discountCentavos));
}

const mxn = new Intl.NumberFormat('es-MX', { style: 'currency', currency: 'MXN' });
/** Whole centavos as `$4,850.00`, formatted from the decimal string (no float holds it). */
export const pesos = (centavos: number) =>
  mxn.format(
    `${Math.trunc(centavos / 100)}.${String(centavos % 100).padStart(2, '0')}` as `${number}`,
  );

/** A special discount or over-charge's value (ADR 0035 steps 3 and 4). */
export interface SpecialTerms {
  kind: 'PERCENT' | 'AMOUNT' | 'FIXED';
  basisPoints: number | null;
  amountCentavos: number | null;
}

/**
 * What a special discount takes off what the scholarship left (`cost`): a percentage (halves
 * up), an amount, or down to a FIXED price; null when it would take more than the order costs.
 */
export function specialDiscountOn(cost: number, s: SpecialTerms): number | null {
  if (s.kind === 'PERCENT') return Math.round((cost * s.basisPoints!) / 10_000);
  if (s.kind === 'AMOUNT') return s.amountCentavos! <= cost ? s.amountCentavos! : null;
  return s.amountCentavos! < cost ? cost - s.amountCentavos! : null;
}

/** What an over-charge adds to what the order costs after scholarship and discounts. */
export const surchargeOn = (cost: number, s: SpecialTerms): number =>
  s.kind === 'PERCENT' ? Math.round((cost * s.basisPoints!) / 10_000) : s.amountCentavos!;

/** Money applied or on its way: such an order is not re-priced (ADR 0035). */
export const hasMoney = (
  o: Pick<OrderForPayment, 'paidBaseCentavos' | 'paidLateFeeCentavos' | 'waitingPayinId'>,
) => o.paidBaseCentavos > 0 || o.paidLateFeeCentavos > 0 || o.waitingPayinId !== null;

/** ADR 0035's answer to a correction of an order with money on it (409). */
export const ORDER_HAS_PAYMENTS =
  'Esta orden ya tiene pagos. Para cambiar su importe, primero reembolsa el pago o emite una nota de crédito desde Pagos; después corrige la orden.';

export const WITH_PAYMENTS_NOTE = (n: number) =>
  `${n === 1 ? 'Una orden ya tiene' : `${n} órdenes ya tienen`} pagos y ${
    n === 1 ? 'conserva su importe' : 'conservan su importe'
  }: para aplicarles el cambio, primero reembolsa el pago o emite una nota de crédito desde Pagos.`;

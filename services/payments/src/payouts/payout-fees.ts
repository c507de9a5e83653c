/**
 * What the gateway keeps of a day's card money before paying it out (ADR 0043). Kushki
 * publishes no fee schedule (it is agreed per merchant; nothing in the stored material), so
 * this is a documented guess shaped as Mexican card acquirers charge: a rate on each sale plus
 * a fixed amount per sale, and IVA (16 %) on that commission. Reversals do not give fees back.
 * One place to change when a school's contract says otherwise.
 */
export const GATEWAY_FEE = {
  rateBasisPoints: 290,
  fixedCentavos: 250,
  ivaBasisPoints: 1_600,
} as const;

/** The fee of one card sale, IVA included, rounded to the centavo. */
export function feeOfSale(amountCentavos: number, fee = GATEWAY_FEE): number {
  const commission =
    Math.round((amountCentavos * fee.rateBasisPoints) / 10_000) + fee.fixedCentavos;
  return commission + Math.round((commission * fee.ivaBasisPoints) / 10_000);
}

export const feeOfSales = (amounts: number[]): number =>
  amounts.reduce((sum, a) => sum + feeOfSale(a), 0);

/**
 * Prices to families include IVA; a CFDI states the base and the tax apart. This finds, in
 * integer centavos, a base and a tax that add up to exactly what was paid and that SAT's
 * limits accept.
 *
 * SAT checks a concept's Traslado Importe against the Base within the rounding of the
 * base's decimals: between (Base − 0.005) × rate and (Base + 0.005) × rate, the lower limit
 * truncated and the upper rounded up to the Importe's decimals (Anexo 20, Traslado). With
 * two-decimal amounts that admits floor or ceil of Base × rate in centavos. We prefer the
 * exactly rounded tax and fall back to floor/ceil only where no base rounds exactly (some
 * totals are unreachable otherwise: 3 centavos + 0 IVA = 3, 4 + 1 = 5, but 4 needs 3 + 1).
 */

export const IVA_GENERAL_BASIS_POINTS = 1600;

export interface IvaSplit {
  baseCentavos: number;
  ivaCentavos: number;
}

/** round-half-up(base × rate) in centavos, rate in basis points (1600 = 16 %). */
export function ivaOf(baseCentavos: number, basisPoints: number): number {
  return Math.floor((baseCentavos * basisPoints + 5_000) / 10_000);
}

/** Whether SAT's limits admit `iva` for `base` at `rate`: floor or ceil of the exact tax. */
export function ivaWithinSatLimits(
  baseCentavos: number,
  ivaCentavos: number,
  basisPoints: number,
): boolean {
  const exactTimes10000 = baseCentavos * basisPoints;
  const floor = Math.floor(exactTimes10000 / 10_000);
  const ceil = Math.ceil(exactTimes10000 / 10_000);
  return ivaCentavos === floor || ivaCentavos === ceil;
}

export function splitIvaIncluded(
  totalCentavos: number,
  basisPoints = IVA_GENERAL_BASIS_POINTS,
): IvaSplit {
  if (!Number.isSafeInteger(totalCentavos) || totalCentavos < 1) {
    throw new RangeError(`Importe fuera de rango: ${totalCentavos}`);
  }
  const estimate = Math.floor((totalCentavos * 10_000) / (10_000 + basisPoints));
  const candidates = [estimate, estimate + 1, estimate - 1, estimate + 2].filter((b) => b >= 1);
  const exact = candidates.find((b) => b + ivaOf(b, basisPoints) === totalCentavos);
  const base =
    exact ??
    candidates.find((b) => ivaWithinSatLimits(b, totalCentavos - b, basisPoints)) ??
    // Unreachable: one of estimate, estimate + 1 is always within limits (see tests).
    estimate;
  return { baseCentavos: base, ivaCentavos: totalCentavos - base };
}

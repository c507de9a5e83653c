/**
 * Basis points (hundredths of a percent, what the API counts) of a percentage as typed, with a
 * decimal point or comma: «12,5» → 1250. NaN when it is not a number, so the schema says why.
 */
export function basisPointsOf(percent: string): number {
  const n = Number(percent.trim().replace(',', '.'));
  return percent.trim() !== '' && Number.isFinite(n) ? Math.round(n * 100) : Number.NaN;
}

/**
 * The nearest-rank `p`th percentile (0 < p ≤ 100) of samples sorted ascending: a value that
 * was measured, never an interpolation. Every bench reports its p50/p95/p99 with this.
 */
export function percentile(sorted: readonly number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

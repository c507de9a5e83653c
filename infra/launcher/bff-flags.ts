/**
 * Node flags for the BFF alone, after its heap budget, from `CUOTA_BFF_FLAGS` (space-separated),
 * e.g. `CUOTA_BFF_FLAGS="--trace-gc --trace-incremental-marking"` to see when and why the BFF
 * collects under a bench (docs/benchmarks.md, investigations). V8 reads its flags in order, so
 * a heap flag given here overrides the budget's. Empty unless set.
 */
export function bffExtraFlags(env: NodeJS.ProcessEnv = process.env): string[] {
  return env.CUOTA_BFF_FLAGS?.split(/\s+/).filter(Boolean) ?? [];
}

/**
 * Extra Node flags for the BFF (`CUOTA_BFF_FLAGS`) or for every service (`CUOTA_SERVICE_FLAGS`),
 * space-separated, given after the heap budget: e.g. `CUOTA_BFF_FLAGS="--trace-gc"` to see when
 * and why the BFF collects under a bench, or `CUOTA_SERVICE_FLAGS="--max-semi-space-size=8"` to
 * try another budget (docs/benchmarks.md, investigations). V8 reads its flags in order, so a heap
 * flag given here overrides the budget's. Empty unless set.
 */
export function extraNodeFlags(
  part: 'bff' | 'service',
  env: NodeJS.ProcessEnv = process.env,
): string[] {
  const flags = part === 'bff' ? env.CUOTA_BFF_FLAGS : env.CUOTA_SERVICE_FLAGS;
  return flags?.split(/\s+/).filter(Boolean) ?? [];
}

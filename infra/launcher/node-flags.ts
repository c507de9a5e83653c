/** The variables that add Node flags: the BFF's, and every service's. */
export type NodeFlagsVariable = 'CUOTA_BFF_FLAGS' | 'CUOTA_SERVICE_FLAGS';

/**
 * Extra Node flags for the BFF (`CUOTA_BFF_FLAGS`) or for every service (`CUOTA_SERVICE_FLAGS`),
 * space-separated, given after the heap budget: e.g. `CUOTA_BFF_FLAGS="--trace-gc"` to see when
 * and why the BFF collects under a bench, or `CUOTA_SERVICE_FLAGS="--max-semi-space-size=8"` to
 * try another budget (docs/benchmarks.md, investigations). V8 reads its flags in order, so a heap
 * flag given here overrides the budget's. Empty unless set.
 */
export function extraNodeFlags(
  variable: NodeFlagsVariable,
  env: NodeJS.ProcessEnv = process.env,
): string[] {
  return env[variable]?.split(/\s+/).filter(Boolean) ?? [];
}

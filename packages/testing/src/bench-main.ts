/**
 * A bench's child process (infra/bench/bench-child.ts runs it): prints what `measure`
 * returns as one JSON line and exits 0, or prints the error and exits 1.
 */
export function runBenchMain(measure: () => Promise<unknown>): void {
  measure().then(
    (result) => {
      process.stdout.write(`${JSON.stringify(result)}\n`);
      process.exit(0);
    },
    (err: unknown) => {
      console.error(err);
      process.exit(1);
    },
  );
}

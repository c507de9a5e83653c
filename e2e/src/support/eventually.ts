/** Retries an assertion until it passes or the time is up (the page renders asynchronously). */
export async function eventually(
  assertion: () => Promise<void> | void,
  timeoutMs = 15_000,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      await assertion();
      return;
    } catch (err) {
      if (Date.now() > deadline) throw err;
      await new Promise((r) => setTimeout(r, 200));
    }
  }
}

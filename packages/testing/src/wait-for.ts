/** Polls until `check` returns a truthy value (or its assertion passes), then returns it. */
export async function waitFor<T>(
  check: () => Promise<T> | T,
  timeoutMs = 10_000,
  everyMs = 50,
): Promise<NonNullable<T>> {
  const deadline = Date.now() + timeoutMs;
  let lastError: unknown;
  for (;;) {
    try {
      const value = await check();
      if (value) return value as NonNullable<T>;
    } catch (err) {
      lastError = err;
    }
    if (Date.now() > deadline)
      throw lastError ?? new Error(`waitFor timed out after ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, everyMs));
  }
}

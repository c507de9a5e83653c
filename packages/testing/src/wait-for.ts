/**
 * Polls until `check` returns a truthy value (or its assertion passes), then returns it. The
 * default wait is generous: an event crossing services took over 10 s on a loaded 2-core CI.
 */
export async function waitFor<T>(
  check: () => Promise<T> | T,
  timeoutMs = 20_000,
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

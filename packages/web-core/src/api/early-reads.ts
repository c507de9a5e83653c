/**
 * GETs started before the code that shows their answer has loaded (the shell starts a portal
 * page's reads as soon as it knows the session, while the portal's chunks are still on their
 * way). The base query takes such an answer once instead of asking again.
 */

/** An answer older than this is not taken: the page asks afresh. */
export const EARLY_READ_TTL_MS = 10_000;

const started = new Map<string, { at: number; answer: Promise<Response> }>();

/** Starts a same-origin GET of `url` (path and query) unless one is already waiting. */
export function readEarly(url: string): void {
  if (started.has(url)) return;
  const answer = fetch(url, {
    credentials: 'same-origin',
    headers: { accept: 'application/json' },
  });
  // Whoever takes it sees the failure; untaken, it is not an unhandled rejection.
  answer.catch(() => undefined);
  started.set(url, { at: Date.now(), answer });
}

/** The early answer for `url` (path and query), once, while it is fresh. */
export function takeEarlyRead(url: string): Promise<Response> | undefined {
  const early = started.get(url);
  started.delete(url);
  if (!early || Date.now() - early.at > EARLY_READ_TTL_MS) return undefined;
  return early.answer;
}

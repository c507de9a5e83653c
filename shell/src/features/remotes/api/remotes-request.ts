// No shared modules here: main.ts imports this before the async boundary.

let early: Promise<Response> | undefined;

const requestRemotes = () =>
  fetch('/api/remotes', { credentials: 'same-origin', headers: { accept: 'application/json' } });

/**
 * Asks GET /api/remotes while the rest of the shell (React, the store…) is still loading,
 * so the answer is there when the shell needs it instead of one round trip later.
 */
export function startRemotesRequest(): void {
  early = requestRemotes();
  // Whoever takes it handles a failure; until then it is not an unhandled rejection.
  early.catch(() => undefined);
}

/** The request main.ts started (once), or a new one. */
export function remotesResponse(): Promise<Response> {
  const response = early ?? requestRemotes();
  early = undefined;
  return response;
}

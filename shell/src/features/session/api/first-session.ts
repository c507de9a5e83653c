import { requestSession } from '@cuota/web-core/session/refresh-session';

let pending: Promise<Response> | undefined;

/**
 * Asks for the session as soon as main.ts has the definitions, while React and the shell's
 * code are still loading and the remote is being fetched (the routes wait for it).
 */
export function requestFirstSession(): void {
  pending = requestSession();
  // Read (and its failure reported) by the first session load.
  pending.catch(() => undefined);
}

/** That early request, once; undefined when none was made or it was already taken. */
export function takeFirstSession(): Promise<Response> | undefined {
  const answer = pending;
  pending = undefined;
  return answer;
}

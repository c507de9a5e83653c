import { requestSession } from '@cuota/web-core/session/refresh-session';
import { shellBoot } from '../../boot/shell-boot';
import { startFirstPageReads } from './first-page-reads';

let pending: Promise<Response> | undefined;

/**
 * The session the page was served with; else asks for it as soon as main.ts has the
 * definitions, while React and the shell's code are still loading and the remote is being
 * fetched (the routes wait for it). With a served session, the opened page's reads start too.
 */
export function requestFirstSession(): void {
  const served = shellBoot('session');
  if (served !== undefined) startFirstPageReads(served, location.pathname);
  pending =
    served === undefined
      ? requestSession()
      : Promise.resolve(
          new Response(JSON.stringify(served), { headers: { 'content-type': 'application/json' } }),
        );
  // Read (and its failure reported) by the first session load.
  pending.catch(() => undefined);
}

/** That early request, once; undefined when none was made or it was already taken. */
export function takeFirstSession(): Promise<Response> | undefined {
  const answer = pending;
  pending = undefined;
  return answer;
}

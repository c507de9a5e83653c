import type { Request, Response } from 'express';
import type { SessionUser } from '@cuota/contracts/identity/session';
import { SHELL_BOOT_ELEMENT_ID, type ShellBoot } from '@cuota/contracts/shell/boot';
import type { BffContext } from '../bff-context';
import { refreshSignedIn } from '../session/refresh-signed-in';
import { sessionResponse } from '../session/session-response';
import { remoteEntriesOf, remotesAnswer } from './remotes-handlers';

/**
 * The JSON script a page starts with (contracts shell/boot.ts): the remotes and this browser's
 * session, exactly as GET /api/remotes and GET /api/auth/session would answer now, so the
 * shell does not wait for those two calls before loading the page's remote (ADR 0033); with
 * the signed-in user, whose page may name its first reads (ADR 0109).
 */
export function createShellBoot(ctx: BffContext) {
  const entries = remoteEntriesOf(ctx);
  return async (req: Request, res: Response): Promise<{ script: string; user?: SessionUser }> => {
    await refreshSignedIn(req, res, ctx);
    const session = sessionResponse(req, ctx.config);
    const boot: ShellBoot = { remotes: remotesAnswer(entries()), session };
    return {
      script: `<script id="${SHELL_BOOT_ELEMENT_ID}" type="application/json">${inScript(boot)}</script>`,
      user: 'user' in session ? session.user : undefined,
    };
  };
}

/** JSON that cannot end its script element or open a comment: `<` only ever as \u003c. */
const inScript = (value: unknown) => JSON.stringify(value).replace(/</g, '\\u003c');

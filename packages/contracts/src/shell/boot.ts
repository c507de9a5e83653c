import type { RemotesResponse } from './remotes';

/** The id of the JSON script the BFF writes into every page it serves. */
export const SHELL_BOOT_ELEMENT_ID = 'cuota-boot';

/**
 * What a page starts with, written by the BFF into the HTML (a `<script type="application/json">`),
 * so the shell mounts without two round trips first: GET /api/remotes's answer and GET
 * /api/auth/session's answer for this browser at the time the page was served (ADR 0033).
 */
export interface ShellBoot {
  remotes: RemotesResponse;
  /** GET /api/auth/session's body: the session, or `{}` signed out. */
  session: unknown;
}

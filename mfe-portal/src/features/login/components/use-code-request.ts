import { useState } from 'react';
import type { SendCodeResult } from '@cuota/contracts/identity/guardian-login';
import { readError } from '@cuota/web-core/api/api-error';
import { useSendLoginCodeMutation } from '../api/login-api';

/** Where asking for a code left the family. */
export type CodeRequest =
  /** A code is on its way (it expires in `sent.expires_in_seconds`). */
  | { kind: 'sent'; sent: SendCodeResult }
  /** One was sent moments ago (a reload, another tab): the wait, in the BFF's words. */
  | { kind: 'wait'; message: string }
  /** The family says it already has a code. */
  | { kind: 'has-code' }
  /** The family followed the link in its e-mail, which carries the code. */
  | { kind: 'from-link'; code: string };

/**
 * Asks the BFF to e-mail a code. Too soon after the last one is not a failure here: the
 * family may type the code it already has, and is told how long to wait for another.
 * Other failures are shown by the alert banner (mutations report their errors there).
 */
export function useCodeRequest(guardianHash: string) {
  const [sendCode, { isLoading }] = useSendLoginCodeMutation();
  const [last, setLast] = useState<CodeRequest | null>(null);
  const request = async (): Promise<CodeRequest | null> => {
    const result = await sendCode(guardianHash);
    const next: CodeRequest | null = result.data
      ? { kind: 'sent', sent: result.data }
      : readError(result.error).status === 429
        ? { kind: 'wait', message: readError(result.error).message }
        : null;
    if (next) setLast(next);
    return next;
  };
  return { request, sending: isLoading, last };
}

/**
 * What a family and staff read when the PAC refuses an invoice, and how long to wait before
 * asking the PAC again when it could not answer. Pure.
 */

export const POSTAL_CODE_MESSAGE =
  'El código postal debe coincidir con el registrado para ese RFC.';

/**
 * Spec §5: a message about the receptor's fiscal address together with the RFC, or about an
 * address that "must belong", is shown as the postal-code message; any other as received.
 * SAT's CFDI40147/40148 are the ones that match ("DomicilioFiscalReceptor … RFC").
 */
export function messageForFamily(message: string): string {
  const text = message.toLowerCase();
  const aboutAddress = /domiciliofiscalreceptor|domicilio fiscal|c[oó]digo postal/.test(text);
  const mentionsRfc = /\brfc\b/.test(text);
  const mustBelong = /debe pertenecer|must belong/.test(text);
  return aboutAddress && (mentionsRfc || mustBelong) ? POSTAL_CODE_MESSAGE : message;
}

/** An HTTP status worth asking again later (5xx, 408, 429); other 4xx are final. */
export function isRetryableStatus(status: number): boolean {
  return status >= 500 || status === 408 || status === 429;
}

/**
 * Exponential backoff from `baseMs` (1, 2, 4, 8… times), capped, with ±20 % jitter so a
 * recovered PAC is not hit by every waiting invoice at the same instant.
 */
export function retryDelayMs(
  attempts: number,
  baseMs: number,
  capMs: number,
  random: () => number = Math.random,
): number {
  const exponential = Math.min(capMs, baseMs * 2 ** Math.max(0, Math.min(attempts - 1, 30)));
  return Math.round(exponential * (0.8 + 0.4 * random()));
}

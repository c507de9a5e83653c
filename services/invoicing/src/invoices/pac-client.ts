/**
 * The PAC's stamping API (infra/sandboxes/pac/README.md; a real PAC behind the same shape is
 * configuration): POST {PAC_URL}/cfdi40/stamp with the sealed XML and the Bearer token.
 */
import { z } from 'zod';
import { isRetryableStatus, type StampOutcome } from './pac-rejection-rules';

export interface PacSettings {
  url: string;
  token: string;
  /** A stamp that takes longer is abandoned and retried (stamping is idempotent on the Sello). */
  timeoutMs: number;
}

const stampedSchema = z.object({ uuid: z.string().min(1), xml: z.string().min(1) });
const errorSchema = z.object({ error: z.object({ code: z.string(), message: z.string() }) });

export async function stampWithPac(pac: PacSettings, sealedXml: string): Promise<StampOutcome> {
  let response: Response;
  try {
    response = await fetch(new URL('cfdi40/stamp', withSlash(pac.url)), {
      method: 'POST',
      headers: { authorization: `Bearer ${pac.token}`, 'content-type': 'application/xml' },
      body: sealedXml,
      signal: AbortSignal.timeout(pac.timeoutMs),
    });
  } catch (error) {
    const timedOut = error instanceof DOMException && error.name === 'TimeoutError';
    return { kind: 'unavailable', reason: timedOut ? 'timeout' : String(error) };
  }
  const body: unknown = await response.json().catch(() => undefined);
  if (response.ok) {
    const stamped = stampedSchema.safeParse(body);
    return stamped.success
      ? { kind: 'stamped', ...stamped.data }
      : { kind: 'unavailable', reason: 'respuesta del PAC ilegible' };
  }
  if (isRetryableStatus(response.status))
    return { kind: 'unavailable', reason: `HTTP ${response.status}` };
  const error = errorSchema.safeParse(body);
  return error.success
    ? { kind: 'rejected', ...error.data.error }
    : {
        kind: 'rejected',
        code: `HTTP_${response.status}`,
        message: 'El PAC rechazó la factura sin decir por qué.',
      };
}

const withSlash = (url: string) => (url.endsWith('/') ? url : `${url}/`);

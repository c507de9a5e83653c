/**
 * What SW's answers mean for invoicing (pure: tested against SW's published examples in
 * infra/sandboxes/pac/published/). A 307 "El comprobante contiene un timbre previo" that
 * carries the previous stamp is a success: it answers a retry of a stamp whose first answer
 * was lost.
 */
import { z } from 'zod';
import { CfdiError } from '../../cfdi/cfdi-error';
import { parseStampedCfdi } from '../../cfdi/stamped-cfdi';
import { isRetryableStatus } from '../../invoices/pac-rejection-rules';
import type { CancelOutcome, StampOutcome } from '../pac-client';
import { jsonOf, type HttpAnswer } from '../pac-http';
import { codeAndText, errorEnvelope, successData } from './sw-envelope';
import { FOLIO_MESSAGES } from './sw-folio-codes';

/**
 * Response version v4 (published/sw-stamp-v4.json): the fields invoicing keeps. The UUID is
 * also the stamped CFDI's, which a 307 in another response version carries (its only
 * published example is of version v2: tfd and cfdi).
 */
const stampSchema = z.object({ cfdi: z.string().min(1), uuid: z.string().min(1).optional() });

function stampedOf(data: unknown): StampOutcome | undefined {
  const stamp = stampSchema.safeParse(data);
  if (!stamp.success) return undefined;
  const uuid = stamp.data.uuid ?? uuidInside(stamp.data.cfdi);
  return uuid ? { kind: 'stamped', uuid, xml: stamp.data.cfdi } : undefined;
}

function uuidInside(xml: string): string | undefined {
  try {
    return parseStampedCfdi(xml).timbre.UUID;
  } catch (error) {
    if (error instanceof CfdiError) return undefined;
    throw error;
  }
}

const cancelSchema = z.object({
  acuse: z.string().min(1),
  uuid: z.record(z.string(), z.union([z.string(), z.number()])),
});

type Unavailable = { kind: 'unavailable'; reason: string };
/** An answer read as SW's envelope; `refusal` when it is an error envelope. */
type Read =
  | Unavailable
  | {
      kind: 'body';
      body: unknown;
      refusal?: { code: string; text: string; detail?: string; data: unknown };
    }
  | { kind: 'unexplained'; code: string; message: string };

/**
 * No answer, a refused token or a 5xx/408/429 are worth asking again later; an answer that is
 * not SW's envelope is too when it claims success, and is final otherwise.
 */
function read(answer: HttpAnswer): Read {
  if (answer.kind === 'unavailable') return answer;
  if (answer.status === 401) return { kind: 'unavailable', reason: 'el PAC no aceptó el token' };
  if (isRetryableStatus(answer.status))
    return { kind: 'unavailable', reason: `HTTP ${answer.status}` };
  const body = jsonOf(answer.text);
  const error = errorEnvelope(body);
  if (error) {
    const { code, text } = codeAndText(error.message);
    return {
      kind: 'body',
      body,
      refusal: { code, text, detail: error.messageDetail ?? undefined, data: error.data },
    };
  }
  if (body !== undefined && answer.status < 300) return { kind: 'body', body };
  if (answer.status < 300) return { kind: 'unavailable', reason: 'respuesta del PAC ilegible' };
  return {
    kind: 'unexplained',
    code: `HTTP_${answer.status}`,
    message: 'El PAC rechazó la solicitud sin decir por qué.',
  };
}

export function stampOutcomeOf(answer: HttpAnswer): StampOutcome {
  const reading = read(answer);
  if (reading.kind === 'unavailable') return reading;
  if (reading.kind === 'unexplained') return { ...reading, kind: 'rejected' };
  const { body, refusal } = reading;
  if (!refusal)
    return (
      stampedOf(successData(body, z.unknown())) ?? {
        kind: 'unavailable',
        reason: 'respuesta del PAC ilegible',
      }
    );
  if (refusal.code !== '307')
    return { kind: 'rejected', code: refusal.code, message: refusal.text };
  // Stamped before; without the stamp the UUID is unknown: ask again rather than guess.
  return stampedOf(refusal.data) ?? { kind: 'unavailable', reason: '307 sin el timbre previo' };
}

export function cancelOutcomeOf(answer: HttpAnswer, uuid: string): CancelOutcome {
  const reading = read(answer);
  if (reading.kind === 'unavailable') return reading;
  if (reading.kind === 'unexplained') return { ...reading, kind: 'refused' };
  const { body, refusal } = reading;
  if (refusal) {
    const message = refusal.detail ? `${refusal.text} ${refusal.detail}` : refusal.text;
    return { kind: 'refused', code: refusal.code, message };
  }
  const data = successData(body, cancelSchema);
  if (!data) return { kind: 'unavailable', reason: 'respuesta del PAC ilegible' };
  const folio = Object.entries(data.uuid).find(([key]) => key.toUpperCase() === uuid.toUpperCase());
  const status = folio ? String(folio[1]) : '';
  if (status === '201' || status === '202')
    return { kind: 'requested', folioStatus: status, acuse: data.acuse };
  return {
    kind: 'refused',
    code: status || 'SIN_FOLIO',
    message: FOLIO_MESSAGES[status] ?? `El SAT respondió el código «${status}» para el folio.`,
  };
}

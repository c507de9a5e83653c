import {
  headers,
  NoRespondersError,
  RequestError,
  TimeoutError,
  type Msg,
  type NatsConnection,
  type Subscription,
} from '@nats-io/transport-node';
import {
  replyEnvelopeSchema,
  type ReplyOf,
  type RequestDefinition,
  type RequestOf,
} from '@cuota/contracts/common/request-definition';
import {
  REQUEST_ID_HEADER,
  currentRequestId,
  runWithRequestId,
  sanitizeRequestId,
} from '@cuota/service-runtime/request-context';
import { subjectOf, type Namespace } from './naming';

/**
 * Requests travel under `rpc.`: a domain's event stream holds `<domain>.>`, and a request
 * on `billing.orders.quote` would be captured by BILLING, whose publish acknowledgement would
 * then race the responder's answer (and be stored as if it were an event).
 */
export function requestSubject(ns: Namespace, definition: RequestDefinition): string {
  return subjectOf(ns, `rpc.${definition.subject}`);
}

/** Nobody answered in time (the other domain is down, not built yet, or too slow). */
export class RequestUnanswered extends Error {
  readonly subject: string;
  readonly reason: 'no_responders' | 'timeout';
  constructor(subject: string, reason: 'no_responders' | 'timeout') {
    super(`${subject}: ${reason === 'no_responders' ? 'no responders' : 'timed out'}`);
    this.subject = subject;
    this.reason = reason;
  }
}

/** The responder answered, but with its own refusal or with something unreadable. */
export class RequestRefused extends Error {
  readonly subject: string;
  constructor(subject: string, message: string) {
    super(message);
    this.subject = subject;
  }
}

/**
 * Asks another domain a question and returns its parsed answer. Throws RequestUnanswered
 * when no one answers (callers turn it into a 503) and RequestRefused when the answer is
 * a refusal or does not match the contract.
 */
export async function requestReply<D extends RequestDefinition>(
  nc: NatsConnection,
  ns: Namespace,
  definition: D,
  data: RequestOf<D>,
  timeoutMs = 2_000,
): Promise<ReplyOf<D>> {
  const subject = requestSubject(ns, definition);
  const h = headers();
  const requestId = currentRequestId();
  if (requestId) h.set(REQUEST_ID_HEADER, requestId);
  const payload = JSON.stringify(definition.request.parse(data));
  let msg: Msg;
  try {
    msg = await nc.request(subject, payload, { timeout: timeoutMs, headers: h });
  } catch (err) {
    throw toUnanswered(definition.subject, err);
  }
  const parsed = replyEnvelopeSchema(definition.reply).safeParse(safeJson(msg));
  if (!parsed.success)
    throw new RequestRefused(definition.subject, 'La respuesta no coincide con el contrato.');
  if (!parsed.data.ok) throw new RequestRefused(definition.subject, parsed.data.error.message);
  return parsed.data.data as ReplyOf<D>;
}

/** Answers one kind of request until the returned subscription is drained or stopped. */
export function serveReplies<D extends RequestDefinition>(
  nc: NatsConnection,
  ns: Namespace,
  definition: D,
  handler: (data: RequestOf<D>) => Promise<ReplyOf<D>>,
  onError: (err: unknown) => void = () => {},
): Subscription {
  return nc.subscribe(requestSubject(ns, definition), {
    callback: (err, msg) => {
      if (err) return onError(err);
      const requestId = sanitizeRequestId(msg.headers?.get(REQUEST_ID_HEADER));
      void runWithRequestId(requestId, () => answer(msg, definition, handler, onError));
    },
  });
}

async function answer<D extends RequestDefinition>(
  msg: Msg,
  definition: D,
  handler: (data: RequestOf<D>) => Promise<ReplyOf<D>>,
  onError: (err: unknown) => void,
): Promise<void> {
  const request = definition.request.safeParse(safeJson(msg));
  if (!request.success) {
    msg.respond(refusal('La solicitud no coincide con el contrato.'));
    return;
  }
  try {
    const reply = definition.reply.parse(await handler(request.data as RequestOf<D>));
    msg.respond(JSON.stringify({ ok: true, data: reply }));
  } catch (err) {
    onError(err);
    msg.respond(refusal('No pudimos responder la solicitud.'));
  }
}

const refusal = (message: string) => JSON.stringify({ ok: false, error: { message } });

function safeJson(msg: Msg): unknown {
  try {
    return msg.json();
  } catch {
    return undefined;
  }
}

function toUnanswered(subject: string, err: unknown): unknown {
  const cause = err instanceof RequestError ? (err.cause ?? err) : err;
  if (cause instanceof NoRespondersError || (err instanceof RequestError && err.isNoResponders()))
    return new RequestUnanswered(subject, 'no_responders');
  if (cause instanceof TimeoutError || err instanceof TimeoutError)
    return new RequestUnanswered(subject, 'timeout');
  return err;
}

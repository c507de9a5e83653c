import { z } from 'zod';

/**
 * A NATS request/reply exchange between two domains: the subject (without the namespace
 * prefix) and the schemas of what is asked and what is answered. Both sides parse with the
 * same schemas, so a change breaks the build on both sides at once.
 */
export interface RequestDefinition<
  Q extends z.ZodType = z.ZodType,
  R extends z.ZodType = z.ZodType,
> {
  /** `<answering domain>.<entity>.<question>`, e.g. `billing.cycle.has_assigned_concepts`. */
  subject: string;
  request: Q;
  reply: R;
}

export function defineRequest<Q extends z.ZodType, R extends z.ZodType>(
  subject: string,
  request: Q,
  reply: R,
): RequestDefinition<Q, R> {
  return { subject, request, reply };
}

/**
 * What travels back: the answer, or the responder's own (Spanish) reason for not giving one.
 * The wrapper keeps "billing said no" apart from "billing could not answer". Built once per
 * reply schema: zod compiles a schema on its first parse, and building the envelope on every
 * request was a percent of payments' CPU in issue 18's checkout burst.
 */
export function replyEnvelopeSchema<R extends z.ZodType>(reply: R) {
  let envelope = envelopes.get(reply) as ReplyEnvelope<R> | undefined;
  if (!envelope) envelopes.set(reply, (envelope = envelopeOf(reply)));
  return envelope;
}

const envelopeOf = <R extends z.ZodType>(reply: R) =>
  z.discriminatedUnion('ok', [
    z.object({ ok: z.literal(true), data: reply }),
    z.object({ ok: z.literal(false), error: z.object({ message: z.string() }) }),
  ]);

type ReplyEnvelope<R extends z.ZodType> = ReturnType<typeof envelopeOf<R>>;
const envelopes = new WeakMap<z.ZodType, z.ZodType>();

export type RequestOf<D extends RequestDefinition> = z.infer<D['request']>;
export type ReplyOf<D extends RequestDefinition> = z.infer<D['reply']>;

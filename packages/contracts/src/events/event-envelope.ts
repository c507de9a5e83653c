import { z } from 'zod';

/**
 * Every JetStream message carries this envelope. `id` doubles as the JetStream
 * Nats-Msg-Id (publisher dedupe) and the consumer's inbox key (consumer dedupe).
 */
export function eventEnvelopeSchema<T extends z.ZodType>(type: string, data: T) {
  return z.object({
    id: z.uuid(),
    type: z.literal(type),
    version: z.literal(1),
    occurred_at: z.iso.datetime({ offset: true }),
    data,
  });
}

export interface EventDefinition<T extends z.ZodType = z.ZodType> {
  /** Also the NATS subject: `<domain>.<entity>.<verb>`. */
  type: string;
  /** The JetStream stream that holds the domain's events. */
  stream: string;
  data: T;
}

export function defineEvent<T extends z.ZodType>(
  type: string,
  data: T,
): EventDefinition<T> & { envelope: ReturnType<typeof eventEnvelopeSchema<T>> } {
  const stream = type.split('.')[0]!.toUpperCase();
  return { type, stream, data, envelope: eventEnvelopeSchema(type, data) };
}

export type EventData<E extends EventDefinition> = z.infer<E['data']>;

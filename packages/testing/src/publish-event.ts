import { randomUUID } from 'node:crypto';
import { jetstream } from '@nats-io/jetstream';
import type { NatsConnection } from '@nats-io/transport-node';
import type { z } from 'zod';
import type { EventDefinition } from '@cuota/contracts/events/event-envelope';
import { subjectOf, type Namespace } from '@cuota/messaging/naming';
import { ensureStream } from '@cuota/messaging/streams';

/**
 * Publishes an event as its owner's outbox relay would (the envelope, the event id as
 * Nats-Msg-Id unless `msgId` says otherwise): how a test plays a service without running it.
 */
export async function publishEvent<D extends EventDefinition>(
  nc: NatsConnection,
  ns: Namespace,
  definition: D,
  data: z.infer<D['data']>,
  id: string = randomUUID(),
  msgId: string = id,
): Promise<string> {
  await ensureStream(nc, ns, definition.stream);
  const envelope = {
    id,
    type: definition.type,
    version: 1,
    occurred_at: new Date().toISOString(),
    data: definition.data.parse(data),
  };
  await jetstream(nc).publish(subjectOf(ns, definition.type), JSON.stringify(envelope), {
    msgID: msgId,
  });
  return id;
}

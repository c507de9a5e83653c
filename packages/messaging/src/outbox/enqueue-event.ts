import { randomUUID } from 'node:crypto';
import type { z } from 'zod';
import type { EventDefinition } from '@cuota/contracts/events/event-envelope';
import { currentRequestId } from '@cuota/service-runtime/request-context';
import type { Executor } from '../transaction';
import { outboxEvents } from './outbox-schema';

export interface PendingEvent<T> {
  id: string;
  type: string;
  version: 1;
  occurred_at: string;
  data: T;
}

/**
 * Records an event in the same transaction as the state change it describes; the
 * relay publishes it after commit, so an event exists if and only if the change does.
 */
export async function enqueueEvent<D extends EventDefinition>(
  tx: Executor,
  definition: D,
  data: z.infer<D['data']>,
): Promise<PendingEvent<z.infer<D['data']>>> {
  const event = {
    id: randomUUID(),
    type: definition.type,
    version: 1 as const,
    occurred_at: new Date().toISOString(),
    data: definition.data.parse(data) as z.infer<D['data']>,
  };
  await tx.insert(outboxEvents).values({
    id: event.id,
    type: event.type,
    payload: event,
    requestId: currentRequestId() ?? null,
  });
  return event;
}

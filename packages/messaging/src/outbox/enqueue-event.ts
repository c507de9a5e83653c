import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { EventDefinition } from '@cuota/contracts/events/event-envelope';
import { currentRequestId } from '@cuota/service-runtime/request-context';
import type { Executor } from '../transaction';
import { OUTBOX_CHANNEL, outboxEvents } from './outbox-schema';

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
  const [event] = await enqueueEvents(tx, definition, [data]);
  return event!;
}

/**
 * Many events of one type in a single INSERT (bulk re-publishing: one round trip per batch
 * instead of one per event). Each still gets its own id, so consumers dedupe each.
 */
export async function enqueueEvents<D extends EventDefinition>(
  tx: Executor,
  definition: D,
  list: z.infer<D['data']>[],
): Promise<PendingEvent<z.infer<D['data']>>[]> {
  if (list.length === 0) return [];
  const occurredAt = new Date().toISOString();
  const requestId = currentRequestId() ?? null;
  const events = list.map((data) => ({
    id: randomUUID(),
    type: definition.type,
    version: 1 as const,
    occurred_at: occurredAt,
    data: definition.data.parse(data) as z.infer<D['data']>,
  }));
  await tx
    .insert(outboxEvents)
    .values(events.map((e) => ({ id: e.id, type: e.type, payload: e, requestId })));
  // Delivered at commit (folded into one per transaction): the relay wakes without polling.
  await tx.execute(sql`SELECT pg_notify(${OUTBOX_CHANNEL}, '')`);
  return events;
}

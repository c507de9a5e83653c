import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { EventDefinition } from '@cuota/contracts/events/event-envelope';
import { afterCommit } from '@cuota/service-runtime/db/after-commit';
import { currentRequestId } from '@cuota/service-runtime/request-context';
import type { Executor } from '../transaction';
import { OUTBOX_CHANNEL, outboxEvents } from './outbox-schema';
import { wakeRelay } from './wake-after-commit';

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
 * Many events of one type in a single INSERT, however many (a massive job's chunk writes
 * 10,000): the envelopes travel as one jsonb array parameter, so neither PostgreSQL's 65,535
 * parameters nor one statement per slice limit it. Each still gets its own id, so consumers
 * dedupe each, and the relay publishes them one by one as before.
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
  // WITH ORDINALITY: `seq` follows the list's order, as a multi-row VALUES did.
  await tx.execute(sql`
    INSERT INTO ${outboxEvents} (id, type, payload, request_id)
    SELECT (e->>'id')::uuid, e->>'type', e, ${requestId}
      FROM jsonb_array_elements(${JSON.stringify(events)}::jsonb) WITH ORDINALITY AS l(e, n)
     ORDER BY n`);
  // The relay wakes without polling: after the commit (ADR 0080), or, on an executor that
  // runs nothing after its commit, by a NOTIFY delivered at it.
  if (!afterCommit(tx, wakeRelay)) await tx.execute(sql`SELECT pg_notify(${OUTBOX_CHANNEL}, '')`);
  return events;
}

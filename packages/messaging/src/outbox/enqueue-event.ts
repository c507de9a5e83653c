import { randomUUID } from 'node:crypto';
import { sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { EventDefinition } from '@cuota/contracts/events/event-envelope';
import { afterCommitOrNow } from '@cuota/service-runtime/db/after-commit';
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
  const events = pendingEvents(definition, list);
  await tx.execute(outboxInsert(events));
  await eventsRecorded(tx);
  return events;
}

/** The envelopes of `list` (validated, each with its own id), not yet recorded. */
export function pendingEvents<D extends EventDefinition>(
  definition: D,
  list: z.infer<D['data']>[],
): PendingEvent<z.infer<D['data']>>[] {
  const occurredAt = new Date().toISOString();
  return list.map((data) => ({
    id: randomUUID(),
    type: definition.type,
    version: 1 as const,
    occurred_at: occurredAt,
    data: definition.data.parse(data) as z.infer<D['data']>,
  }));
}

/**
 * The INSERT that records `events` in the outbox: a statement, or a writing CTE of a larger
 * one (a payin's insert records its event in the same statement, issue 18). `onlyIf` (SQL
 * that can read the statement's other CTEs) records them only when it holds. The caller then
 * calls `eventsRecorded`.
 */
export function outboxInsert(events: PendingEvent<unknown>[], onlyIf?: SQL): SQL {
  return insertOf(JSON.stringify(events), currentRequestId() ?? null, onlyIf);
}

/**
 * `outboxInsert` for a statement prepared once (issue 18's burst: building it was CPU on
 * every payment), its values as the placeholders `events` and `requestId`: execute it with
 * `outboxValues(events)`.
 */
export function outboxInsertPrepared(onlyIf?: SQL): SQL {
  return insertOf(sql.placeholder('events'), sql.placeholder('requestId'), onlyIf);
}

/** The placeholders' values of `outboxInsertPrepared`. */
export const outboxValues = (events: PendingEvent<unknown>[]) => ({
  events: JSON.stringify(events),
  requestId: currentRequestId() ?? null,
});

/** An event and the request it was recorded for (`currentRequestId` when it was made). */
export interface RequestEvent {
  event: PendingEvent<unknown>;
  requestId: string | null;
}

/**
 * `outboxInsertPrepared` for the events of several requests written by one statement (a
 * coalesced write, issue 18): each keeps its own request id. `onlyIf` gets the event (jsonb)
 * and says whether to record it. Execute it with `outboxValuesEach(events)`.
 */
export function outboxInsertPreparedEach(onlyIf: (event: SQL) => SQL): SQL {
  const requestIdOf = sql`(${sql.placeholder('requestIds')}::text[])[n]`;
  return insertOf(sql.placeholder('events'), requestIdOf, onlyIf(sql`e`));
}

/** The placeholders' values of `outboxInsertPreparedEach`. */
export const outboxValuesEach = (events: RequestEvent[]) => ({
  events: JSON.stringify(events.map((e) => e.event)),
  requestIds: events.map((e) => e.requestId),
});

function insertOf(events: unknown, requestId: unknown, onlyIf?: SQL): SQL {
  // WITH ORDINALITY: `seq` follows the list's order, as a multi-row VALUES did.
  return sql`
    INSERT INTO ${outboxEvents} (id, type, payload, request_id)
    SELECT (e->>'id')::uuid, e->>'type', e, ${requestId}::text
      FROM jsonb_array_elements(${events}::jsonb) WITH ORDINALITY AS l(e, n)
     ${onlyIf ? sql`WHERE ${onlyIf}` : sql``}
     ORDER BY n`;
}

/**
 * The relay wakes without polling: after the commit (ADR 0080) of the transaction that
 * recorded events, or at once after a statement of a database in autocommit (it committed);
 * on an executor that runs nothing after its commit, by a NOTIFY delivered at it.
 */
export function eventsRecorded(tx: Executor): void | Promise<unknown> {
  if (!afterCommitOrNow(tx, wakeRelay))
    return tx.execute(sql`SELECT pg_notify(${OUTBOX_CHANNEL}, '')`);
}

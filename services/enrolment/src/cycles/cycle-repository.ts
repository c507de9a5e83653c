import { and, asc, desc, eq, gte, lte } from 'drizzle-orm';
import type { CycleStatus, SchoolCycle } from '@cuota/contracts/enrolment/cycles';
import { UNKNOWN_CYCLE } from '@cuota/contracts/enrolment/endpoints/cycles';
import { cycleActivatedV1 } from '@cuota/contracts/events/enrolment.cycle.activated.v1';
import { enqueueEvent } from '@cuota/messaging/outbox/enqueue-event';
import type { Executor } from '@cuota/messaging/transaction';
import { notFound } from '@cuota/service-runtime/http/http-error';
import { schoolCycles } from '../schema';

/**
 * The only code that reads or writes `school_cycles`. Activation enqueues
 * enrolment.cycle.activated in the caller's transaction (billing charges the active cycle);
 * a draft concerns nobody else yet, so creating one publishes nothing.
 */
export type CycleRow = typeof schoolCycles.$inferSelect;
export type NewCycle = Pick<CycleRow, 'schoolId' | 'name' | 'startsOn' | 'endsOn'>;

export function toCycle(row: CycleRow): SchoolCycle {
  return {
    id: row.id,
    school_id: row.schoolId,
    name: row.name,
    starts_on: row.startsOn,
    ends_on: row.endsOn,
    status: row.status as CycleStatus,
    activated_at: row.activatedAt?.toISOString() ?? null,
  };
}

/** Newest first: the cycle being prepared and the active one lead the list. */
export function cyclesOfSchool(db: Executor, schoolId: string): Promise<CycleRow[]> {
  return db
    .select()
    .from(schoolCycles)
    .where(eq(schoolCycles.schoolId, schoolId))
    .orderBy(desc(schoolCycles.startsOn), asc(schoolCycles.name));
}

export async function cycleById(db: Executor, id: string): Promise<CycleRow | null> {
  const [row] = await db.select().from(schoolCycles).where(eq(schoolCycles.id, id));
  return row ?? null;
}

/** A cycle of this school; another school's cycle is as unknown as a missing one. */
export async function cycleOfSchool(db: Executor, schoolId: string, id: string): Promise<CycleRow> {
  const [row] = await db
    .select()
    .from(schoolCycles)
    .where(and(eq(schoolCycles.id, id), eq(schoolCycles.schoolId, schoolId)));
  if (!row) throw notFound(UNKNOWN_CYCLE);
  return row;
}

export async function activeCycleOf(db: Executor, schoolId: string): Promise<CycleRow | null> {
  const [row] = await db
    .select()
    .from(schoolCycles)
    .where(and(eq(schoolCycles.schoolId, schoolId), eq(schoolCycles.status, 'active')));
  return row ?? null;
}

/** A cycle of the school whose dates share a day with `startsOn`…`endsOn`, if any. */
export async function overlappingCycle(
  db: Executor,
  schoolId: string,
  startsOn: string,
  endsOn: string,
): Promise<CycleRow | null> {
  const [row] = await db
    .select()
    .from(schoolCycles)
    .where(
      and(
        eq(schoolCycles.schoolId, schoolId),
        lte(schoolCycles.startsOn, endsOn),
        gte(schoolCycles.endsOn, startsOn),
      ),
    )
    .limit(1);
  return row ?? null;
}

export async function cycleNamed(
  db: Executor,
  schoolId: string,
  name: string,
): Promise<CycleRow | null> {
  const [row] = await db
    .select()
    .from(schoolCycles)
    .where(and(eq(schoolCycles.schoolId, schoolId), eq(schoolCycles.name, name)));
  return row ?? null;
}

/** A new cycle, as a draft. */
export async function insertCycle(tx: Executor, cycle: NewCycle): Promise<CycleRow> {
  const [row] = await tx.insert(schoolCycles).values(cycle).returning();
  return row!;
}

/**
 * Makes `cycle` the school's active one and closes `previous` (first, so the one-active
 * index never sees two), then tells billing.
 */
export async function activateCycleRow(
  tx: Executor,
  cycle: CycleRow,
  previous: CycleRow | null,
): Promise<{ cycle: CycleRow; closed: CycleRow | null }> {
  const now = new Date();
  const [closed] = previous
    ? await tx
        .update(schoolCycles)
        .set({ status: 'closed', updatedAt: now })
        .where(eq(schoolCycles.id, previous.id))
        .returning()
    : [];
  const [active] = await tx
    .update(schoolCycles)
    .set({ status: 'active', activatedAt: now, updatedAt: now })
    .where(eq(schoolCycles.id, cycle.id))
    .returning();
  await enqueueEvent(tx, cycleActivatedV1, {
    school_id: active!.schoolId,
    cycle_id: active!.id,
    name: active!.name,
    starts_on: active!.startsOn,
    ends_on: active!.endsOn,
    closed_cycle_id: closed?.id ?? null,
  });
  return { cycle: active!, closed: closed ?? null };
}

/** Admissions: the id of the school's active cycle, or null. */
export async function activeCycleId(db: Executor, schoolId: string): Promise<string | null> {
  return (await activeCycleOf(db, schoolId))?.id ?? null;
}

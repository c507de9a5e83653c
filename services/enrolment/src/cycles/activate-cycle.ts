import { eq } from 'drizzle-orm';
import { cycleActivatedV1 } from '@cuota/contracts/events/enrolment.cycle.activated.v1';
import { enqueueEvent } from '@cuota/messaging/outbox/enqueue-event';
import type { Executor } from '@cuota/messaging/transaction';
import { HttpError } from '@cuota/service-runtime/http/http-error';
import { schoolCycles, schools } from '../schema';
import { activationBlockers } from './activation-check';
import { activeCycleOf, cycleOfSchool, type CycleRow } from './cycle-queries';

export interface Activation {
  cycle: CycleRow;
  closed: CycleRow | null;
}

/**
 * Makes the cycle the school's only active one: the previous active cycle is closed in the
 * same transaction (closed first, so the one-active index never sees two). The school row
 * is locked, so the blockers are checked against what will be committed.
 */
export async function activateCycle(
  tx: Executor,
  schoolId: string,
  cycleId: string,
  today?: string,
): Promise<Activation> {
  await tx.select({ id: schools.id }).from(schools).where(eq(schools.id, schoolId)).for('update');
  const cycle = await cycleOfSchool(tx, schoolId, cycleId);
  const reasons = await activationBlockers(tx, cycle, today);
  if (reasons.length)
    throw new HttpError(
      409,
      'CONFLICT',
      `No se puede activar el ciclo ${cycle.name}. ${reasons.join(' ')}`,
      reasons.map((message) => ({ path: 'cycle', message })),
    );
  const previous = await activeCycleOf(tx, schoolId);
  const [closed] = previous
    ? await tx
        .update(schoolCycles)
        .set({ status: 'closed', updatedAt: new Date() })
        .where(eq(schoolCycles.id, previous.id))
        .returning()
    : [];
  const [active] = await tx
    .update(schoolCycles)
    .set({ status: 'active', activatedAt: new Date(), updatedAt: new Date() })
    .where(eq(schoolCycles.id, cycle.id))
    .returning();
  await enqueueEvent(tx, cycleActivatedV1, {
    school_id: schoolId,
    cycle_id: active!.id,
    name: active!.name,
    starts_on: active!.startsOn,
    ends_on: active!.endsOn,
    closed_cycle_id: closed?.id ?? null,
  });
  return { cycle: active!, closed: closed ?? null };
}

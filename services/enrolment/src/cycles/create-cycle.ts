import { and, eq, gte, lte } from 'drizzle-orm';
import type { CreateCycle } from '@cuota/contracts/enrolment/cycles';
import type { Executor } from '@cuota/messaging/transaction';
import { conflict, notFound } from '@cuota/service-runtime/http/http-error';
import { schoolCycles, schools } from '../schema';
import { UNKNOWN_SCHOOL } from '../schools/school-access';
import type { CycleRow } from './cycle-queries';

/**
 * A new cycle starts as a draft. Its name is unique in the school and its dates may not
 * overlap another cycle's (a student is in one school year at a time). The school row is
 * locked so two concurrent creations cannot both pass the overlap check.
 */
export async function createCycle(
  tx: Executor,
  schoolId: string,
  input: CreateCycle,
): Promise<CycleRow> {
  const [school] = await tx
    .select({ id: schools.id })
    .from(schools)
    .where(eq(schools.id, schoolId))
    .for('update');
  if (!school) throw notFound(UNKNOWN_SCHOOL);
  const [overlapping] = await tx
    .select()
    .from(schoolCycles)
    .where(
      and(
        eq(schoolCycles.schoolId, schoolId),
        lte(schoolCycles.startsOn, input.ends_on),
        gte(schoolCycles.endsOn, input.starts_on),
      ),
    )
    .limit(1);
  if (overlapping)
    throw conflict(
      `Las fechas se cruzan con el ciclo ${overlapping.name} (del ${overlapping.startsOn} al ${overlapping.endsOn}).`,
    );
  const [sameName] = await tx
    .select({ id: schoolCycles.id })
    .from(schoolCycles)
    .where(and(eq(schoolCycles.schoolId, schoolId), eq(schoolCycles.name, input.name)));
  if (sameName) throw conflict(`Ya existe el ciclo ${input.name}.`);
  const [row] = await tx
    .insert(schoolCycles)
    .values({ schoolId, name: input.name, startsOn: input.starts_on, endsOn: input.ends_on })
    .returning();
  return row!;
}

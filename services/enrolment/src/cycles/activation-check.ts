import type { SchoolStatus } from '@cuota/contracts/enrolment/entities';
import type { Executor } from '@cuota/messaging/transaction';
import { sectionsOfSchool } from '../sections/section-repository';
import { activeCycleOf, type CycleRow } from './cycle-repository';
import { activationBlockers } from './cycle-rules';

/** Reads what activation depends on and answers every blocker (cycle-rules.ts). */
export async function activationBlockersOf(
  db: Executor,
  cycle: CycleRow,
  schoolStatus: string,
  today: string,
): Promise<string[]> {
  const [active, sections] = await Promise.all([
    activeCycleOf(db, cycle.schoolId),
    sectionsOfSchool(db, cycle.schoolId),
  ]);
  return activationBlockers({
    cycle,
    today,
    active,
    schoolStatus: schoolStatus as SchoolStatus,
    hasSections: sections.length > 0,
  });
}

import type { SchoolStatus } from '@cuota/contracts/enrolment/entities';
import type { SchoolConfig } from '@cuota/contracts/enrolment/schools';
import type { Executor } from '@cuota/messaging/transaction';
import { saveSchool, schoolRow } from './school-repository';
import { configChanges } from './school-rules';

/** The back office's school configuration: kind, status (by the transition table), gateway. */
export async function updateSchoolConfig(
  tx: Executor,
  schoolId: string,
  config: SchoolConfig,
): Promise<void> {
  const current = await schoolRow(tx, schoolId, { lock: true });
  const from = current.status as SchoolStatus;
  await saveSchool(tx, schoolId, configChanges(from, config, current.configDashboard));
}

import { asc, eq } from 'drizzle-orm';
import type { SchoolAttributes } from '@cuota/contracts/enrolment/schools';
import type { Executor } from '@cuota/messaging/transaction';
import { schoolAttributes } from '../schema';

/** The only code that reads `school_attributes` (per-school flags; nothing writes them yet). */
export function attributesOf(db: Executor, schoolId: string): Promise<SchoolAttributes> {
  return db
    .select({ name: schoolAttributes.name, enabled: schoolAttributes.enabled })
    .from(schoolAttributes)
    .where(eq(schoolAttributes.schoolId, schoolId))
    .orderBy(asc(schoolAttributes.name));
}

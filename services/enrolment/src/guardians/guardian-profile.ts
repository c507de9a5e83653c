import { eq } from 'drizzle-orm';
import type { OnboardingStage, RiskLevel } from '@cuota/contracts/enrolment/entities';
import type { GuardianDetail } from '@cuota/contracts/enrolment/guardian-profile';
import type { EnrolmentDb } from '../enrolment-db';
import { guardianSchools, guardians, schools } from '../schema';

/** GET /api/v1/guardians/{id}/: contact, billing data and the schools that know them. */
export async function guardianProfile(db: EnrolmentDb, id: string): Promise<GuardianDetail | null> {
  const [g] = await db.select().from(guardians).where(eq(guardians.id, id));
  if (!g) return null;
  const known = await db
    .select({ id: schools.id, name: schools.name })
    .from(guardianSchools)
    .innerJoin(schools, eq(schools.id, guardianSchools.schoolId))
    .where(eq(guardianSchools.guardianId, id))
    .orderBy(schools.name);
  return {
    id: g.id,
    first_name: g.firstName,
    last_name: g.lastName,
    email: g.email,
    phone: g.phone,
    guardian_hash: g.guardianHash,
    onboarding_stage: g.onboardingStage as OnboardingStage,
    fraud_status: g.fraudStatus as RiskLevel,
    billing_name: g.billingName,
    tax_id: g.taxId,
    tax_zip_code: g.taxZipCode,
    schools: known,
  };
}

import type { OnboardingStage } from '@cuota/contracts/enrolment/entities';
import type { Executor } from '@cuota/messaging/transaction';
import { insertGuardians } from './guardian-repository';
import { newGuardianHash } from './guardian-rules';

export interface NewGuardian {
  school_id: string;
  first_name: string;
  last_name: string;
  email: string | null;
  phone?: string | null;
  onboarding_stage?: OnboardingStage;
  billing_name?: string | null;
  tax_id?: string | null;
  tax_zip_code?: string | null;
  tax_regime?: string | null;
}

/** Creates a guardian of the school; enrolment.guardian.created goes with it. */
export async function createGuardian(tx: Executor, input: NewGuardian): Promise<string> {
  const [id] = await createGuardians(tx, input.school_id, [input]);
  return id!;
}

/** Creates guardians of one school at once (the demo seed's families), each with its event. */
export function createGuardians(
  tx: Executor,
  schoolId: string,
  list: Omit<NewGuardian, 'school_id'>[],
): Promise<string[]> {
  return insertGuardians(
    tx,
    schoolId,
    list.map((input) => ({
      firstName: input.first_name,
      lastName: input.last_name,
      email: input.email,
      phone: input.phone ?? null,
      guardianHash: newGuardianHash(),
      onboardingStage: input.onboarding_stage ?? 'PROFILE',
      billingName: input.billing_name ?? null,
      taxId: input.tax_id ?? null,
      taxZipCode: input.tax_zip_code ?? null,
      taxRegime: input.tax_regime ?? null,
    })),
  );
}

import type { OnboardingStage } from '@cuota/contracts/enrolment/entities';
import type { Executor } from '@cuota/messaging/transaction';
import { insertGuardian } from './guardian-repository';
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
export function registerGuardian(tx: Executor, input: NewGuardian): Promise<string> {
  return insertGuardian(tx, input.school_id, {
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
  });
}

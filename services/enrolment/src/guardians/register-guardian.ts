import { randomBytes } from 'node:crypto';
import type { OnboardingStage } from '@cuota/contracts/enrolment/entities';
import { guardianCreatedV1 } from '@cuota/contracts/events/enrolment.guardian.created.v1';
import { enqueueEvent } from '@cuota/messaging/outbox/enqueue-event';
import type { Executor } from '@cuota/messaging/transaction';
import { guardianSchools, guardians } from '../schema';

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
}

/** 32 random bytes, URL-safe: the guardian's link cannot be guessed or enumerated. */
export function newGuardianHash(): string {
  return randomBytes(32).toString('base64url');
}

/** Creates a guardian and publishes enrolment.guardian.created in the same transaction. */
export async function registerGuardian(tx: Executor, input: NewGuardian): Promise<string> {
  const [row] = await tx
    .insert(guardians)
    .values({
      firstName: input.first_name,
      lastName: input.last_name,
      email: input.email,
      phone: input.phone ?? null,
      guardianHash: newGuardianHash(),
      onboardingStage: input.onboarding_stage ?? 'PROFILE',
      billingName: input.billing_name ?? null,
      taxId: input.tax_id ?? null,
      taxZipCode: input.tax_zip_code ?? null,
    })
    .returning({ id: guardians.id });
  await tx.insert(guardianSchools).values({ guardianId: row!.id, schoolId: input.school_id });
  await enqueueEvent(tx, guardianCreatedV1, {
    guardian_id: row!.id,
    school_ids: [input.school_id],
    first_name: input.first_name,
    last_name: input.last_name,
    email: input.email,
    billing_name: input.billing_name ?? null,
    tax_id: input.tax_id ?? null,
    tax_zip_code: input.tax_zip_code ?? null,
  });
  return row!.id;
}

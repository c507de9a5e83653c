import type { GuardianChanges } from '@cuota/contracts/enrolment/guardian-profile';
import type { OnboardingStage } from '@cuota/contracts/enrolment/entities';
import type { Executor } from '@cuota/messaging/transaction';
import { definedChanges } from '@cuota/service-runtime/db/changes';
import { notFound } from '@cuota/service-runtime/http/http-error';
import {
  guardianRecord,
  saveGuardian,
  studyingDependents,
  type GuardianRecordChanges,
} from './guardian-repository';
import { guardianColumns } from './guardian-rules';
import { onboardingStageAfter } from './onboarding-rules';

/**
 * Contact and billing data (already validated: the RFC parsed and normalised), and the
 * registration step the guardian moves on to, checked against the data as saved;
 * enrolment.guardian.updated goes with it, so invoicing sees the new RFC.
 */
export async function updateGuardian(
  tx: Executor,
  guardianId: string,
  { onboarding_stage: requested, ...data }: GuardianChanges,
): Promise<void> {
  const columns = guardianColumns(data);
  if (requested) columns.onboardingStage = await stageAfter(tx, guardianId, columns, requested);
  await saveGuardian(tx, guardianId, columns);
}

async function stageAfter(
  tx: Executor,
  guardianId: string,
  columns: GuardianRecordChanges,
  requested: OnboardingStage,
): Promise<OnboardingStage> {
  const record = await guardianRecord(tx, guardianId);
  if (!record) throw notFound('No encontramos a este tutor.');
  const saved = { ...record, ...definedChanges(columns) };
  return onboardingStageAfter(
    {
      ...saved,
      stage: record.onboardingStage as OnboardingStage,
      dependents: await studyingDependents(tx, guardianId),
    },
    requested,
  );
}

import type { InscribeApplicant } from '@cuota/contracts/enrolment/admissions';
import type { EnrolmentContext } from '../enrolment-db';
import type { StudentRef } from '../students/student-repository';
import { inscriptionDecision, requireInscribable } from './admission-rules';
import { inscribe } from './inscribe';
import { labelOf } from './inscription-label';

/**
 * The dashboard's "Inscribir": billing is asked first, then the rule of
 * docs/adr/0012-admissions-inscription.md (admission-rules.ts) decides.
 */
export async function inscribeApplicant(
  ctx: EnrolmentContext,
  student: StudentRef,
  body: InscribeApplicant,
  changedBy: string,
) {
  requireInscribable(student.status);
  const { cycleId, label } = await labelOf(ctx, student);
  const { withoutPayment, reason } = inscriptionDecision(label, body);
  await ctx.db.transaction((tx) =>
    inscribe(tx, student, { cycleId, label, withoutPayment, reason, changedBy }),
  );
  return { label, without_payment: withoutPayment };
}

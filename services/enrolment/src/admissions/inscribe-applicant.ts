import type { InscribeApplicant } from '@cuota/contracts/enrolment/admissions';
import { INSCRIBED_LABELS } from '@cuota/contracts/enrolment/enrolment-label';
import { canTransition, transitionRefusal } from '@cuota/contracts/enrolment/student-status';
import type { ServiceContext } from '@cuota/service-host/service-host';
import { conflict } from '@cuota/service-runtime/http/http-error';
import type * as schema from '../schema';
import type { StudentRef } from './admission-access';
import { inscribe } from './inscribe';
import { labelOf } from './payment-check';

const SILENT_BILLING = 'Inscrito sin respuesta de cobranza.';

/**
 * The dashboard's "Inscribir" (docs/adr/0012-admissions-inscription.md): billing is asked
 * first. Paid → inscribed. Billing silent (NOT_AVAILABLE) → inscribed, recorded as without
 * payment. Pendiente / No inscrito → only if the school says so (without_payment + reason).
 */
export async function inscribeApplicant(
  ctx: ServiceContext<typeof schema>,
  student: StudentRef,
  body: InscribeApplicant,
  changedBy: string,
) {
  if (!canTransition(student.status, 'active'))
    throw conflict(transitionRefusal(student.status, 'active'));
  const { cycleId, label } = await labelOf(ctx, student);
  const paid = INSCRIBED_LABELS.includes(label);
  if (!paid && label !== 'NOT_AVAILABLE' && !body.without_payment)
    throw conflict(
      `Cobranza indica «${label}» para la inscripción. Para inscribir sin pago, indica el motivo.`,
    );
  const reason = body.reason || (label === 'NOT_AVAILABLE' ? SILENT_BILLING : null);
  await ctx.db.transaction((tx) =>
    inscribe(tx, student, { cycleId, label, withoutPayment: !paid, reason, changedBy }),
  );
  return { label, without_payment: !paid };
}

import type { EnrolmentLabel, StudentStatus } from '@cuota/contracts/enrolment/entities';
import { INSCRIBED_LABELS } from '@cuota/contracts/enrolment/enrolment-label';
import { canTransition, transitionRefusal } from '@cuota/contracts/enrolment/student-status';
import { conflict } from '@cuota/service-runtime/http/http-error';

/** Statuses admissions works on: a lead (Interesado) and an applicant (Aspirante). */
export const IN_ADMISSION: readonly StudentStatus[] = ['lead', 'new_student'];

/** Admissions edits only leads and applicants; an inscribed student is the students' screens'. */
export function requireInAdmission(student: { status: StudentStatus }): void {
  if (!IN_ADMISSION.includes(student.status))
    throw conflict('Este alumno ya no está en admisiones: edítalo desde la ficha del alumno.');
}

const SILENT_BILLING = 'Inscrito sin respuesta de cobranza.';

export interface InscriptionDecision {
  withoutPayment: boolean;
  reason: string | null;
}

/** Only an applicant can be inscribed (checked before billing is asked). */
export function requireInscribable(status: StudentStatus): void {
  if (!canTransition(status, 'active')) throw conflict(transitionRefusal(status, 'active'));
}

/**
 * The dashboard's "Inscribir" (docs/adr/0012-admissions-inscription.md), given billing's
 * label: paid → inscribed. Billing silent (NOT_AVAILABLE) → inscribed, recorded as without
 * payment. Pendiente / No inscrito → only if the school says so (without_payment + reason).
 */
export function inscriptionDecision(
  label: EnrolmentLabel,
  request: { without_payment: boolean; reason?: string },
): InscriptionDecision {
  const paid = INSCRIBED_LABELS.includes(label);
  if (!paid && label !== 'NOT_AVAILABLE' && !request.without_payment)
    throw conflict(
      `Cobranza indica «${label}» para la inscripción. Para inscribir sin pago, indica el motivo.`,
    );
  return {
    withoutPayment: !paid,
    reason: request.reason || (label === 'NOT_AVAILABLE' ? SILENT_BILLING : null),
  };
}

/** check_payments: an applicant whose inscription billing reports as paid is inscribed. */
export const paidApplicant = (status: StudentStatus, label: EnrolmentLabel): boolean =>
  status === 'new_student' && INSCRIBED_LABELS.includes(label);

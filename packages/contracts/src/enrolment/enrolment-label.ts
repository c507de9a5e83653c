import type { InscriptionPayments } from '@cuota/contracts/billing/inscription-payments';
import type { EnrolmentLabel } from '@cuota/contracts/enrolment/entities';

/** Labels that mean the student's seat for the cycle is paid. */
export const INSCRIBED_LABELS: readonly EnrolmentLabel[] = ['Inscrito', 'Reinscrito'];

/**
 * The enrolment label (spec §3) from billing's answer about the inscription concepts, or
 * NOT_AVAILABLE when billing did not answer (null). A paid concept wins over any other;
 * among paid ones INSCRIPTION (a new student) wins over REINSCRIPTION. A concept waiting
 * for or partly paid is Pendiente; not paid, or no concept at all, is No inscrito.
 */
export function enrolmentLabelFor(answer: InscriptionPayments | null): EnrolmentLabel {
  if (!answer) return 'NOT_AVAILABLE';
  const paid = answer.concepts.filter((c) => c.status === 'PAID');
  if (paid.some((c) => c.type === 'INSCRIPTION')) return 'Inscrito';
  if (paid.length) return 'Reinscrito';
  if (answer.concepts.some((c) => c.status === 'WAITING_PAID' || c.status === 'PARTIAL_PAID'))
    return 'Pendiente';
  return 'No inscrito';
}

export const ENROLMENT_LABEL_TEXT: Record<EnrolmentLabel, string> = {
  Inscrito: 'Inscrito',
  Reinscrito: 'Reinscrito',
  Pendiente: 'Pago pendiente',
  'No inscrito': 'No inscrito',
  NOT_AVAILABLE: 'Cobranza no respondió',
};

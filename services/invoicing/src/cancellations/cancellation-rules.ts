/**
 * How a cancellation reads SAT's answers (ADR 0037). Pure: the stamped XML in, SAT's
 * consulta out, what the invoice becomes.
 */
import {
  SAT_CANCELLABILITY_MESSAGES,
  type InvoiceCancellability,
} from '@cuota/contracts/invoicing/cancellations';
import { parseStampedCfdi } from '../cfdi/stamped-cfdi';
import type { VerificationFields } from '../cfdi/verification-url';
import type { CancelOutcome, StatusOutcome } from '../pac/pac-client';
import type { CancellationEnd } from './cancellation-repository';

type SatCancellation = Extract<StatusOutcome, { kind: 'found' }>['cancellation'];

export const RECEPTOR_REJECTED = 'El receptor rechazó la cancelación; la factura sigue vigente.';
/** SAT asked the receptor: it has three business days to answer; silence is acceptance. */
export const AWAITING_RECEPTOR =
  'El SAT pidió al receptor aceptar o rechazar la cancelación; si no responde en 3 días hábiles, queda cancelada.';

/** How SAT's EstatusCancelacion ended it, said beside «Cancelada». */
export const CANCELED_NOTES: Partial<Record<SatCancellation, string>> = {
  cancelled_without_acceptance: 'Cancelada sin aceptación del receptor.',
  cancelled_with_acceptance: 'Cancelada: el receptor aceptó la cancelación.',
  expired_acceptance: 'Cancelada: el receptor no respondió en el plazo (plazo vencido).',
};

/** What identifies a stamped invoice to SAT, read from the CFDI itself. */
export function cfdiFieldsOf(invoice: { stampedXml: string | null }): VerificationFields {
  const { comprobante, timbre } = parseStampedCfdi(invoice.stampedXml!);
  return {
    uuid: timbre.UUID,
    issuerRfc: comprobante.Emisor.Rfc,
    receptorRfc: comprobante.Receptor.Rfc,
    total: comprobante.Total,
    sello: comprobante.Sello!,
  };
}

/**
 * The end SAT's consulta shows, or null while the receptor may still answer (or SAT does not
 * list the CFDI yet, or could not be asked).
 */
export function endOfStatus(status: StatusOutcome): CancellationEnd | null {
  if (status.kind !== 'found') return null;
  if (status.state === 'cancelled')
    return { state: 'canceled', note: CANCELED_NOTES[status.cancellation] ?? null };
  if (status.cancellation === 'rejected') return { state: 'rejected', note: RECEPTOR_REJECTED };
  return null;
}

/** While SAT waits for the receptor, the invoice says so beside «En cancelación». */
export function waitingNote(status: StatusOutcome): string | null {
  return status.kind === 'found' && status.cancellation === 'in_process' ? AWAITING_RECEPTOR : null;
}

/** SAT's refusal as the school reads it beside «Timbrada». */
export function refusalNote(outcome: Extract<CancelOutcome, { kind: 'refused' }>): string {
  return `El SAT no canceló la factura: ${outcome.message}`;
}

/**
 * SAT's EsCancelable as staff read it before cancelling (ADR 0090). A CFDI SAT does not list
 * yet, already shows cancelled, or could not be asked about is `unknown`: staff may still ask.
 */
export function cancellabilityOf(status: StatusOutcome | null): InvoiceCancellability {
  const cancellable =
    status?.kind === 'found' && status.state === 'active' ? status.cancellable : 'unknown';
  return { cancellable, message: SAT_CANCELLABILITY_MESSAGES[cancellable] };
}

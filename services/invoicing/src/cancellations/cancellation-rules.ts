/**
 * How a cancellation reads SAT's answers (ADR 0037). Pure: the stamped XML in, SAT's
 * consulta out, what the invoice becomes.
 */
import { parseStampedCfdi } from '../cfdi/stamped-cfdi';
import type { VerificationFields } from '../cfdi/verification-url';
import type { CancelOutcome, StatusOutcome } from '../pac/pac-client';
import type { CancellationEnd } from './cancellation-repository';

export const RECEPTOR_REJECTED = 'El receptor rechazó la cancelación; la factura sigue vigente.';

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
  if (status.state === 'cancelled') return { state: 'canceled' };
  if (status.cancellation === 'rejected') return { state: 'rejected', note: RECEPTOR_REJECTED };
  return null;
}

/** SAT's refusal as the school reads it beside «Timbrada». */
export function refusalNote(outcome: Extract<CancelOutcome, { kind: 'refused' }>): string {
  return `El SAT no canceló la factura: ${outcome.message}`;
}

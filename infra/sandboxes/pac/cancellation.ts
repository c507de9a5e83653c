import { endOfNextBusinessDay, fromSatDateTime, toSatDateTime } from './mexico-time.ts';
import { notFound, PacApiError } from './pac-api-error.ts';
import type { PacState, StampedCfdi } from './pac-state.ts';
import { compare, parseDecimal } from './sat-decimal.ts';

export type Motivo = '01' | '02' | '03' | '04';

export interface CancelRequest {
  uuid: string;
  rfc_emisor: string;
  motivo: Motivo;
  folio_sustitucion?: string;
}

const GENERIC_RECEPTORS = ['XAXX010101000', 'XEXX010101000'];
const NO_ACCEPTANCE_TYPES = ['E', 'T', 'N'];
const SMALL_INCOME_LIMIT = parseDecimal('1000.00');

/**
 * CFDI SAT cancels at once, without the receptor's acceptance (RMF 2.7.1.35, mexico.md §2.9):
 * público en general and foreign receptors, egresos, traslados and nómina, ingresos up to
 * $1,000.00, and any CFDI cancelled by the end of the business day after it was stamped.
 */
export function cancelsWithoutAcceptance(stamp: StampedCfdi, now: Date): boolean {
  if (GENERIC_RECEPTORS.includes(stamp.receptor_rfc)) return true;
  if (NO_ACCEPTANCE_TYPES.includes(stamp.tipo_de_comprobante)) return true;
  if (
    stamp.tipo_de_comprobante === 'I' &&
    compare(parseDecimal(stamp.total), SMALL_INCOME_LIMIT) <= 0
  )
    return true;
  return now < endOfNextBusinessDay(fromSatDateTime(stamp.fecha_timbrado));
}

/**
 * Cancellation requests (esquema 2022): either cancelled at once or "en proceso" until the
 * receptor accepts or rejects (the control routes) or stays silent for the acceptance delay,
 * which SAT counts as acceptance ("plazo vencido").
 */
export class Cancellations {
  private readonly state: PacState;
  private readonly now: () => Date;
  private readonly acceptanceDelayMs: () => number;

  constructor(state: PacState, now: () => Date, acceptanceDelayMs: () => number) {
    this.state = state;
    this.now = now;
    this.acceptanceDelayMs = acceptanceDelayMs;
  }

  request(request: CancelRequest): StampedCfdi {
    this.settle();
    const stamp = this.state.stamp(request.uuid);
    if (!stamp) throw notFound();
    if (stamp.emisor_rfc !== request.rfc_emisor)
      throw new PacApiError(
        403,
        '203',
        'UUID No corresponde el RFC del Emisor y de quien solicita la cancelación',
      );
    this.checkSubstitution(stamp, request);
    if (stamp.status !== 'vigente') return stamp; // SAT: "UUID Previamente cancelado" / en proceso
    this.checkNoLiveRelatives(stamp);
    const now = this.now();
    stamp.motivo_cancelacion = request.motivo;
    stamp.folio_sustitucion = request.folio_sustitucion?.toUpperCase();
    if (cancelsWithoutAcceptance(stamp, now)) this.cancel(stamp, 'cancelado_sin_aceptacion', now);
    else {
      stamp.status = 'en_proceso';
      stamp.cancellation_status = 'en_proceso';
      stamp.acceptance_due_at = new Date(now.getTime() + this.acceptanceDelayMs()).toISOString();
    }
    this.state.save();
    return stamp;
  }

  /** The receptor's answer to a cancellation in process. */
  answer(uuid: string, accepted: boolean): StampedCfdi {
    this.settle();
    const stamp = this.state.stamp(uuid);
    if (!stamp) throw notFound();
    if (stamp.status !== 'en_proceso')
      throw new PacApiError(
        409,
        'CANCELACION_NO_PENDIENTE',
        'Ese CFDI no tiene una solicitud de cancelación pendiente.',
      );
    if (accepted) this.cancel(stamp, 'cancelado_con_aceptacion', this.now());
    else {
      stamp.status = 'vigente';
      stamp.cancellation_status = 'solicitud_rechazada';
      delete stamp.acceptance_due_at;
    }
    this.state.save();
    return stamp;
  }

  /** Cancellations whose receptor stayed silent past the delay are accepted. */
  settle(): void {
    const now = this.now();
    const due = this.state
      .stamps()
      .filter((s) => s.status === 'en_proceso' && new Date(s.acceptance_due_at!) <= now);
    for (const stamp of due)
      this.cancel(stamp, 'plazo_vencido', new Date(stamp.acceptance_due_at!));
    if (due.length) this.state.save();
  }

  private cancel(
    stamp: StampedCfdi,
    how: 'cancelado_sin_aceptacion' | 'cancelado_con_aceptacion' | 'plazo_vencido',
    at: Date,
  ): void {
    stamp.status = 'cancelado';
    stamp.cancellation_status = how;
    stamp.fecha_cancelacion = toSatDateTime(at);
    delete stamp.acceptance_due_at;
  }

  /** Motive 01 names the CFDI that replaces this one (stamped first, same emisor); no other motive may. */
  private checkSubstitution(stamp: StampedCfdi, request: CancelRequest): void {
    if (request.motivo !== '01') {
      if (request.folio_sustitucion)
        throw new PacApiError(
          400,
          'substitution_not_allowed',
          'Solo el motivo 01 lleva folio_sustitucion.',
        );
      return;
    }
    if (!request.folio_sustitucion)
      throw new PacApiError(
        400,
        'substitution_invoice_required',
        'El motivo 01 requiere folio_sustitucion: el UUID del CFDI que sustituye a este.',
      );
    const substitute = this.state.stamp(request.folio_sustitucion);
    if (!substitute || substitute.uuid === stamp.uuid || substitute.emisor_rfc !== stamp.emisor_rfc)
      throw new PacApiError(
        400,
        'substitution_invoice_not_found',
        'El folio de sustitución no es un CFDI timbrado del mismo emisor.',
      );
  }

  /** A CFDI that vigente credit notes or payments relate to is "No cancelable" until they are cancelled. */
  private checkNoLiveRelatives(stamp: StampedCfdi): void {
    const relatives = this.state
      .stamps()
      .filter((s) => s.status !== 'cancelado' && s.related_uuids.includes(stamp.uuid));
    if (relatives.length)
      throw new PacApiError(
        409,
        'invoice_not_cancelable_by_sat',
        `No cancelable: primero cancela los CFDI relacionados vigentes (${relatives.map((s) => s.uuid).join(', ')}).`,
      );
  }
}

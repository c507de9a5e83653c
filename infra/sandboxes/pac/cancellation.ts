import { endOfNextBusinessDay, fromSatDateTime, toSatDateTime } from './mexico-time.ts';
import { notFound, PacApiError } from './pac-api-error.ts';
import type { PacState, StampedCfdi } from './pac-state.ts';
import { compare, parseDecimal } from './sat-decimal.ts';

const MOTIVOS = ['01', '02', '03', '04'];

export interface CancelRequest {
  uuid: string;
  rfcEmisor: string;
  motivo: string;
  folioSustitucion?: string;
}

/**
 * SAT's answer for one folio (published/sw-cancel-folio-codes.json): 201 requested, 202
 * already cancelled or in process, 203 another emisor's, 204 not cancelable (vigente CFDI
 * relate to it), 205 unknown, 207 no valid motive, 208 a bad substitute, 209 a substitute
 * the motive does not take.
 */
export type FolioStatus = '201' | '202' | '203' | '204' | '205' | '207' | '208' | '209';

/** SAT's EsCancelable, as the consulta answers it. */
export type Cancellability =
  'Cancelable sin aceptación' | 'Cancelable con aceptación' | 'No cancelable';

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
  /** Cancellation requests received (tests count them: one per cancellation asked). */
  received = 0;
  private readonly state: PacState;
  private readonly now: () => Date;
  private readonly acceptanceDelayMs: () => number;

  constructor(state: PacState, now: () => Date, acceptanceDelayMs: () => number) {
    this.state = state;
    this.now = now;
    this.acceptanceDelayMs = acceptanceDelayMs;
  }

  request(request: CancelRequest): FolioStatus {
    this.received += 1;
    this.settle();
    const stamp = this.state.stamp(request.uuid);
    if (!stamp) return '205';
    if (stamp.emisor_rfc !== request.rfcEmisor) return '203';
    if (!MOTIVOS.includes(request.motivo)) return '207';
    const substitution = this.substitutionProblem(stamp, request);
    if (substitution) return substitution;
    if (stamp.status !== 'vigente') return '202';
    if (this.liveRelatives(stamp).length) return '204';
    const now = this.now();
    stamp.motivo_cancelacion = request.motivo;
    stamp.folio_sustitucion = request.folioSustitucion?.toUpperCase();
    if (cancelsWithoutAcceptance(stamp, now)) this.cancel(stamp, 'cancelado_sin_aceptacion', now);
    else {
      stamp.status = 'en_proceso';
      stamp.cancellation_status = 'en_proceso';
      stamp.acceptance_due_at = new Date(now.getTime() + this.acceptanceDelayMs()).toISOString();
    }
    this.state.save();
    return '201';
  }

  /** EsCancelable: cancelled CFDI and those vigente CFDI relate to are not. */
  cancellability(stamp: StampedCfdi): Cancellability {
    if (stamp.status === 'cancelado' || this.liveRelatives(stamp).length) return 'No cancelable';
    return cancelsWithoutAcceptance(stamp, this.now())
      ? 'Cancelable sin aceptación'
      : 'Cancelable con aceptación';
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

  /** Motive 01 names the CFDI that replaces this one (stamped, same emisor); no other motive may. */
  private substitutionProblem(stamp: StampedCfdi, request: CancelRequest): '208' | '209' | null {
    if (request.motivo !== '01') return request.folioSustitucion ? '209' : null;
    const substitute = request.folioSustitucion && this.state.stamp(request.folioSustitucion);
    const valid =
      substitute && substitute.uuid !== stamp.uuid && substitute.emisor_rfc === stamp.emisor_rfc;
    return valid ? null : '208';
  }

  /** Vigente credit notes and payments that relate to this CFDI: SAT's "No cancelable". */
  private liveRelatives(stamp: StampedCfdi): StampedCfdi[] {
    return this.state
      .stamps()
      .filter((s) => s.status !== 'cancelado' && s.related_uuids.includes(stamp.uuid));
  }
}

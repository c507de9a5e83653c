import type { PayinSync } from '@cuota/contracts/payments/backoffice-payins';
import { conflict } from '@cuota/service-runtime/http/http-error';
import { uniqueViolationConflict } from '@cuota/service-runtime/http/unique-violation';
import type { PaymentsDeps } from '../payments-deps';
import { linkTicketNumber, payinById, type PayinRow } from '../payins/payin-repository';
import { PayinReconciler, reconcileOptionsOf } from './reconcile-payins';

const TICKET_TAKEN = 'Este ticket ya está asignado a otro cobro.';

/** Reconciliation now, for a school's pending card payins (an operator's sync). */
export async function syncPayins(deps: PaymentsDeps, sync: PayinSync) {
  const reconciler = new PayinReconciler(deps, reconcileOptionsOf(deps.config.reconciliation));
  const report = await reconciler.runOnce({ schoolId: sync.school_id, ...sync });
  return {
    checked: report.checked,
    settled: report.settled,
    failed: report.failed,
    still_pending: report.stillPending,
  };
}

/**
 * The ticket of a card payin the gateway charged but whose answer was lost, linked once;
 * then its school is reconciled, which settles the payin by that ticket through the
 * gateway's transactions list — never on the operator's word. The same ticket again (a
 * retry, a concurrent request) is no refusal: it only reconciles again.
 */
export async function assignTicketNumber(deps: PaymentsDeps, payin: PayinRow, ticket: string) {
  if (payin.ticketNumber !== ticket && !(await linkOnce(deps, payin.id, ticket))) {
    const now = (await payinById(deps.db, payin.id))!;
    if (now.ticketNumber !== ticket) throw refusal(now);
  }
  await syncPayins(deps, { school_id: payin.schoolId });
}

async function linkOnce(deps: PaymentsDeps, payinId: string, ticket: string) {
  try {
    return await linkTicketNumber(deps.db, payinId, ticket);
  } catch (err) {
    throw uniqueViolationConflict(err, { payins_ticket_number_unique: TICKET_TAKEN }) ?? err;
  }
}

/** Why a payin takes no ticket. */
function refusal(payin: PayinRow) {
  if (payin.type !== 'CARD') return conflict('Solo un cobro con tarjeta tiene ticket de pasarela.');
  if (payin.ticketNumber) return conflict(`Este cobro ya tiene el ticket ${payin.ticketNumber}.`);
  return conflict('Este cobro ya no está pendiente: la pasarela ya dio su respuesta.');
}

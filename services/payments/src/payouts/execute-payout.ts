import { conflict, HttpError } from '@cuota/service-runtime/http/http-error';
import type { PaymentsDeps } from '../payments-deps';
import {
  claimForExecution,
  declineExecution,
  payoutById,
  setGatewayTicket,
  type PayoutRow,
} from './payout-repository';
import { bankAccountOfSchool } from '../bank-accounts/bank-account-repository';

export const NO_MERCHANT =
  'La escuela no tiene configurada la pasarela de pago; no se puede enviar la dispersión.';
export const GATEWAY_SILENT =
  'La pasarela no respondió; la dispersión queda en proceso. Inténtalo de nuevo en un minuto.';

/**
 * Sends a payout through the gateway (ADR 0043). The payout is claimed by one conditional
 * UPDATE (SCHEDULED or DECLINED → PROCESSING) before the gateway is called, so twenty
 * concurrent executions make one gateway call; the others answer the payout as it is. The
 * gateway answers INITIALIZED with a ticket and says how it ended by its webhook; a refusal
 * makes it DECLINED (it can be executed again, e.g. after changing the account); no answer
 * leaves it PROCESSING without a ticket, claimable again after a minute.
 */
export async function executePayout(
  deps: PaymentsDeps,
  payout: PayoutRow,
  by: string,
): Promise<PayoutRow> {
  // A school without a merchant is refused (409) before anything is claimed.
  const { merchant, gateway } = await deps.gateways
    .current(payout.schoolId)
    .catch((err: unknown) => {
      throw err instanceof HttpError && err.status === 409 ? conflict(NO_MERCHANT) : err;
    });
  const claimed = await claimForExecution(deps.db, payout.id, by);
  // Another execution holds it, or it already left: answer it as it is now.
  if (!claimed) return (await payoutById(deps.db, payout.id))!;
  const account = (await bankAccountOfSchool(deps.db, claimed.schoolId, claimed.bankAccountId))!;
  let outcome;
  try {
    outcome = await gateway.payout({
      clabe: account.clabe,
      holderName: account.holderName,
      amountCentavos: claimed.netCentavos,
      of: { kind: 'payout', id: claimed.id, execution: claimed.executions },
    });
  } catch (err) {
    deps.logger.warn(
      { of: { kind: 'payout', id: claimed.id }, err: String(err) },
      'payout: no gateway answer',
    );
    throw new HttpError(503, 'SERVICE_UNAVAILABLE', GATEWAY_SILENT);
  }
  if (outcome.kind === 'started')
    await setGatewayTicket(deps.db, claimed.id, outcome.ticketNumber, merchant.publicMerchantId);
  else await deps.db.transaction((tx) => declineExecution(tx, claimed.id, outcome.message));
  return (await payoutById(deps.db, claimed.id))!;
}

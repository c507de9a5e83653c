import type { MerchantCredentials } from '../gateway/gateway-credentials-repository';
import type { PaymentsDeps } from '../payments-deps';

/**
 * A sale whose amount is not its payin's was not settled: its money goes back to the family
 * — voided the same day, refunded whole after that. Best effort: a failure is logged for the
 * operators, never retried blindly.
 */
export async function voidMismatchedSale(
  deps: PaymentsDeps,
  merchant: MerchantCredentials,
  ticketNumber: string,
  chargedAt: Date,
): Promise<void> {
  const gateway = deps.gateways.gatewayFor(merchant);
  try {
    const voided = await gateway.voidSale(ticketNumber, chargedAt, deps.now());
    const outcome =
      voided.kind === 'refused' && voided.code === 'VOID_WINDOW_CLOSED'
        ? await gateway.refund({ ticketNumber, idempotencyKey: `mismatch-${ticketNumber}` })
        : voided;
    deps.logger.error({ ticketNumber, outcome }, 'charged amount differs from the payin; reversed');
  } catch (err) {
    deps.logger.error({ ticketNumber, err: String(err) }, 'could not reverse a mismatched sale');
  }
}

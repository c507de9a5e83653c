import type { MerchantCredentials } from '../gateway/gateway-credentials-repository';
import type { PaymentsDeps } from '../payments-deps';

/**
 * A sale whose amount is not its payin's was not settled: it is voided so the family gets
 * its money back. Best effort: a failure is logged for the operators, never retried blindly.
 */
export async function voidMismatchedSale(
  deps: PaymentsDeps,
  merchant: MerchantCredentials,
  ticketNumber: string,
): Promise<void> {
  try {
    const voided = await deps.gateways.gatewayFor(merchant).voidCharge(ticketNumber);
    deps.logger.error({ ticketNumber, voided }, 'charged amount differs from the payin; voided');
  } catch (err) {
    deps.logger.error({ ticketNumber, err: String(err) }, 'could not void a mismatched sale');
  }
}

import type { Executor } from '@cuota/messaging/transaction';
import { gatewayNotifications } from '../schema';

/** The only code that writes `gateway_notifications`. */

/**
 * Records a notification once per merchant, ticket and transaction type. False when it was already
 * recorded: a duplicate or replayed delivery, which changes nothing.
 */
export async function recordNotification(
  tx: Executor,
  n: {
    publicMerchantId: string;
    ticketNumber: string;
    transactionType: string;
    transactionStatus: string;
    payinId: string | null;
  },
): Promise<boolean> {
  const rows = await tx
    .insert(gatewayNotifications)
    .values(n)
    .onConflictDoNothing({
      target: [
        gatewayNotifications.publicMerchantId,
        gatewayNotifications.ticketNumber,
        gatewayNotifications.transactionType,
      ],
    })
    .returning({ id: gatewayNotifications.id });
  return rows.length > 0;
}

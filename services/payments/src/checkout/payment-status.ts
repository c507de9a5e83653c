import type { PaymentStatus } from '@cuota/contracts/payments/checkout';
import type { Executor } from '@cuota/messaging/transaction';
import {
  allocationsOfPayins,
  itemsOfPayins,
  payinById,
  UNKNOWN_PAYIN,
} from '../payins/payin-repository';
import { appliedOrPlanned, toPaymentStatus } from '../payins/payin-view';
import { notFound } from '@cuota/service-runtime/http/http-error';

/** A payment's status as the portal polls it (GET payment-status/{id}). */
export async function paymentStatusOf(db: Executor, payinId: string): Promise<PaymentStatus> {
  const payin = await payinById(db, payinId);
  if (!payin) throw notFound(UNKNOWN_PAYIN);
  const [allocated, planned] = await Promise.all([
    allocationsOfPayins(db, [payin.id]),
    itemsOfPayins(db, [payin.id]),
  ]);
  return toPaymentStatus(
    payin,
    appliedOrPlanned(payin, allocated.get(payin.id), planned.get(payin.id)),
  );
}

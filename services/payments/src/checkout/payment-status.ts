import type { PaymentStatus } from '@cuota/contracts/payments/checkout';
import type { Payin } from '@cuota/contracts/payments/payins';
import type { Executor } from '@cuota/messaging/transaction';
import { notFound } from '@cuota/service-runtime/http/http-error';
import { payinAnswerById } from '../payins/payin-answer-repository';
import { UNKNOWN_PAYIN } from '../payins/payin-repository';

/** A payment's status as the portal polls it (GET payment-status/{id}): part of its payin. */
export async function paymentStatusOf(db: Executor, payinId: string): Promise<PaymentStatus> {
  const found = await payinAnswerById(db, payinId);
  if (!found) throw notFound(UNKNOWN_PAYIN);
  return paymentStatusFrom(found.json);
}

/** The part of a payin's answer (its JSON, payin-answer-repository) that is its status. */
export function paymentStatusFrom(json: string): PaymentStatus {
  const payin = JSON.parse(json) as Payin;
  return {
    id: payin.id,
    school_id: payin.school_id,
    status: payin.status,
    method: payin.method,
    amount_centavos: payin.amount_centavos,
    card: payin.card,
    allocations: payin.allocations,
    error: payin.error,
    created_at: payin.created_at,
    paid_at: payin.paid_at,
  };
}

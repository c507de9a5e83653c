import type { QuotedOrder } from '@cuota/contracts/billing/requests';
import { badRequest, unauthenticated } from '@cuota/service-runtime/http/http-error';
import { mexicoCityDate } from '@cuota/service-runtime/time/mexico-city-date';
import { studentOfSchool } from '@cuota/student-directory/student-directory-repository';
import { allocationWatermark } from '../allocation/allocation-repository';
import type { MerchantCredentials } from '../gateway/gateway-credentials-repository';
import { recordNotification } from '../gateway/gateway-notification-repository';
import { parseSubscriptionCharge, type SubscriptionCharge } from '../gateway/kushki-subscription';
import type { PaymentsDeps } from '../payments-deps';
import { insertCardPayin, type NewPayinItem } from '../payins/payin-repository';
import { BAD_SIGNATURE, signedBy, type Delivery } from './receive-notification';
import { settleCardPayin } from './settle-card-payin';

/** Recorded apart from checkout's sales: a charge is settled here or nowhere. */
const SUBSCRIPTION_SALE = 'SUBSCRIPTION_SALE';

/**
 * The gateway's notice of a subscription's recurring card charge (ADR 0045), signed and
 * fresh as every Kushki webhook (signedBy). An approved charge becomes a card payin paying
 * that month's order of the subscription's concept for its student, settled as checkout's
 * (late fee, then base; what no order takes is the student's credit). The notice is
 * recorded once per ticket in the transaction that settles it: five deliveries, one payin.
 */
export async function receiveSubscriptionCharge(
  deps: PaymentsDeps,
  delivery: Delivery,
): Promise<void> {
  const merchant = await signedBy(deps, delivery);
  const charge = parseSubscriptionCharge(delivery.rawBody);
  if (!charge) throw badRequest('La notificación no tiene la forma esperada.');
  if (charge.merchantId !== null && charge.merchantId !== merchant.merchantId)
    throw unauthenticated(BAD_SIGNATURE);
  await settleSubscriptionCharge(deps, merchant, charge);
}

/**
 * A subscription charge the gateway made, heard by its webhook or found by the charges'
 * reconciliation (ADR 0072): recorded once per ticket in the transaction that settles it,
 * so the two together still make one payin.
 */
export async function settleSubscriptionCharge(
  deps: PaymentsDeps,
  merchant: MerchantCredentials,
  charge: SubscriptionCharge,
): Promise<void> {
  const student = await studentOfSchool(deps.db, merchant.schoolId, charge.studentId);
  if (!student) throw badRequest('La suscripción nombra a un alumno que no es de la escuela.');
  if (charge.sale.status !== 'APPROVAL') {
    // A declined charge moves no money: recorded once, for the logs; billing still owes it.
    const fresh = await deps.db.transaction((tx) => record(tx, merchant, charge));
    if (fresh) deps.logger.info({ ...charge }, 'subscription charge declined');
    return;
  }
  // Billing is asked before the transaction (no NATS round trip under locks), as checkout.
  const watermark = await allocationWatermark(deps.db);
  const period = charge.period ?? mexicoCityDate(deps.now()).slice(0, 7);
  const open = await deps.billing.openOrdersOf(merchant.schoolId, student.studentId);
  const order = open.find((o) => o.concept_id === charge.conceptId && o.period === period);
  await deps.db.transaction(async (tx) => {
    if (!(await record(tx, merchant, charge))) return;
    const payin = await insertCardPayin(
      tx,
      {
        schoolId: merchant.schoolId,
        amountCentavos: charge.sale.amountCentavos,
        guardianId: student.billingGuardianId,
        studentIds: [student.studentId],
        idempotencyKey: `subscription:${charge.sale.ticketNumber}`,
        requestHash: charge.subscriptionId,
        gatewayEnvironment: merchant.environment,
        publicMerchantId: merchant.publicMerchantId,
        quotedAfterSeq: watermark,
      },
      order ? [itemPaying(order, charge.sale.amountCentavos)] : [],
    );
    await settleCardPayin(tx, payin.id, charge.sale, deps.now(), merchant.publicMerchantId);
  });
}

const record = (
  tx: Parameters<typeof recordNotification>[0],
  merchant: MerchantCredentials,
  charge: SubscriptionCharge,
) =>
  recordNotification(tx, {
    publicMerchantId: merchant.publicMerchantId,
    ticketNumber: charge.sale.ticketNumber,
    transactionType: SUBSCRIPTION_SALE,
    transactionStatus: charge.sale.status,
    payinId: null,
  });

/** What the charge pays of the order: its late fee first, then its base, never more. */
function itemPaying(order: QuotedOrder, amount: number): NewPayinItem {
  const lateFee = Math.min(amount, order.late_fee_due_centavos);
  return {
    orderId: order.order_id,
    studentId: order.student_id,
    conceptId: order.concept_id,
    conceptName: order.concept_name,
    conceptType: order.concept_type,
    period: order.period,
    dueOn: order.due_on,
    baseCentavos: Math.min(amount - lateFee, order.pending_base_centavos),
    lateFeeCentavos: lateFee,
    orderAmountCentavos: order.amount_centavos ?? null,
    orderLateFeeCentavos: order.late_fee_centavos ?? null,
  };
}

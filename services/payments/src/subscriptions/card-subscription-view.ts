import type { CardSubscription } from '@cuota/contracts/payments/card-subscriptions';
import type { CardChargeRow, CardSubscriptionRow } from './card-subscription-repository';

/** A card subscription as the family sees it, with its months' charges (newest first). */
export const cardSubscriptionView = (
  row: CardSubscriptionRow,
  charges: CardChargeRow[],
): CardSubscription => ({
  subscription_id: row.billingSubscriptionId,
  school_id: row.schoolId,
  student_id: row.studentId,
  concept_id: row.conceptId,
  status: row.status,
  card: { brand: row.cardBrand, last_four: row.cardLastFour },
  created_at: row.createdAt.toISOString(),
  canceled_at: row.canceledAt?.toISOString() ?? null,
  charges: charges
    .filter((c) => c.cardSubscriptionId === row.id)
    .map((c) => ({
      order_id: c.orderId,
      period: c.period,
      amount_centavos: c.amountCentavos,
      status: c.status,
      message: c.message,
      charged_at: c.createdAt.toISOString(),
    })),
});

import type { CreatePreference, Preference } from '@cuota/contracts/payments/preferences';
import { onceOnRow } from '@cuota/service-runtime/idempotency/key-on-row';
import { requestHash } from '@cuota/service-runtime/idempotency/request-hash';
import { quotePayment } from '../checkout/quote-payment';
import type { PaymentsDeps } from '../payments-deps';
import { assertMayPayByCard } from '../risk/credit-profile';
import { insertPreference, preferenceByKey, type PreferenceRow } from './preference-repository';

/**
 * A family's payment preference (ADR 0045): the chosen orders priced as checkout prices them
 * (billing's quote: another family's or a closed order is 404, one with nothing left 409),
 * kept under the request's Idempotency-Key so a retry answers the first. A card preference is
 * refused to a family its school judged high risk, as checkout would refuse it.
 */
export async function createPreference(
  deps: PaymentsDeps,
  guardianId: string,
  body: CreatePreference,
  idempotencyKey: string,
): Promise<{ preference: Preference; replayed: boolean }> {
  if (body.method === 'card') await assertMayPayByCard(deps.db, body.school_id, guardianId);
  const hash = requestHash({
    school_id: body.school_id,
    method: body.method,
    orders: [...body.order_ids].sort(),
  });
  const { row, replayed } = await onceOnRow({
    hash,
    find: () => preferenceByKey(deps.db, body.school_id, guardianId, idempotencyKey),
    create: async () => {
      const { due, amountCentavos } = await quotePayment(
        deps,
        body.school_id,
        body.order_ids,
        guardianId,
      );
      return insertPreference(deps.db, {
        schoolId: body.school_id,
        guardianId,
        method: body.method,
        amountCentavos,
        idempotencyKey,
        requestHash: hash,
        items: due.map((d) => ({
          order_id: d.orderId,
          student_id: d.studentId,
          concept_name: d.conceptName,
          period: d.period,
          due_on: d.dueOn,
          base_centavos: d.baseDue,
          late_fee_centavos: d.lateFeeDue,
        })),
      });
    },
  });
  return { preference: preferenceView(row), replayed };
}

export const preferenceView = (row: PreferenceRow): Preference => ({
  id: row.id,
  school_id: row.schoolId,
  method: row.method,
  amount_centavos: row.amountCentavos,
  items: row.items,
  created_at: row.createdAt.toISOString(),
});

import type { CreatePreference, Preference } from '@cuota/contracts/payments/preferences';
import { onceOnRow } from '@cuota/service-runtime/idempotency/key-on-row';
import { requestHash } from '@cuota/service-runtime/idempotency/request-hash';
import { payinItemsOf, quotePayment, type QuotedPayment } from '../checkout/quote-payment';
import type { Executor } from '@cuota/messaging/transaction';
import {
  insertGatewayPayin,
  lockFamilyReferences,
  openReferencePayin,
  type PayinRow,
} from '../payins/payin-repository';
import type { PaymentsDeps } from '../payments-deps';
import { assertMayPayByCard } from '../risk/credit-profile';
import {
  insertPreference,
  preferenceByKey,
  preferenceOfPayin,
  type PreferenceRow,
} from './preference-repository';
import { instructionsOf, referenceGateway, referencedPayin } from './payment-reference';

/**
 * A family's payment preference (ADR 0045): the chosen orders priced as checkout prices them
 * (billing's quote: another family's or a closed order is 404, one with nothing left 409),
 * kept under the request's Idempotency-Key so a retry answers the first. A card preference is
 * refused to a family its school judged high risk, as checkout would refuse it. A transfer or
 * cash preference also opens its pending payin and the gateway's reference (ADR 0089).
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
      const open = await openPreferenceFor(deps.db, body, guardianId);
      if (open) return open;
      const quote = await quotePayment(deps, body.school_id, body.order_ids, guardianId);
      const preference = preferenceOf(body, guardianId, quote, idempotencyKey, hash);
      if (body.method === 'card') return insertPreference(deps.db, preference);
      const { merchant } = await referenceGateway(deps, body.school_id);
      // The payin and the preference under one key: a concurrent loser keeps neither.
      return deps.db.transaction(async (tx) => {
        await lockFamilyReferences(tx, body.school_id, guardianId);
        const reopened = await openPreferenceFor(tx, body, guardianId);
        if (reopened) return reopened;
        const payin = await insertGatewayPayin(
          tx,
          {
            schoolId: body.school_id,
            type: payinTypeOf(body.method),
            method: body.method === 'transfer' ? 'transfer' : 'cash',
            amountCentavos: quote.amountCentavos,
            guardianId,
            studentIds: [...new Set(quote.due.map((d) => d.studentId))],
            idempotencyKey: `preference:${guardianId}:${idempotencyKey}`,
            requestHash: hash,
            gatewayEnvironment: merchant.environment,
            publicMerchantId: merchant.publicMerchantId,
            quotedAfterSeq: quote.watermark,
          },
          payinItemsOf(quote),
        );
        return insertPreference(tx, { ...preference, payinId: payin.id });
      });
    },
  });
  // Also on a retry: a reference the gateway did not give the first time is asked again.
  const payin = row.payinId ? await referencedPayin(deps, row.payinId) : null;
  return { preference: preferenceView(row, payin), replayed };
}

const payinTypeOf = (method: CreatePreference['method']) =>
  method === 'transfer' ? 'TRANSFER_IN' : 'CASH_IN';

/**
 * The preference whose SPEI reference or cash voucher is still open for exactly these orders
 * (ADR 0099): asking again, under any key, answers it instead of opening a second one.
 */
async function openPreferenceFor(
  db: Executor,
  body: CreatePreference,
  guardianId: string,
): Promise<PreferenceRow | null> {
  if (body.method === 'card') return null;
  const open = await openReferencePayin(db, {
    schoolId: body.school_id,
    guardianId,
    type: payinTypeOf(body.method),
    orderIds: body.order_ids,
  });
  return open ? preferenceOfPayin(db, open.id) : null;
}

function preferenceOf(
  body: CreatePreference,
  guardianId: string,
  { due, amountCentavos }: QuotedPayment,
  idempotencyKey: string,
  hash: string,
) {
  return {
    schoolId: body.school_id,
    guardianId,
    method: body.method,
    amountCentavos,
    idempotencyKey,
    requestHash: hash,
    payinId: null,
    items: due.map((d) => ({
      order_id: d.orderId,
      student_id: d.studentId,
      concept_name: d.conceptName,
      period: d.period,
      due_on: d.dueOn,
      base_centavos: d.baseDue,
      late_fee_centavos: d.lateFeeDue,
    })),
  };
}

export const preferenceView = (row: PreferenceRow, payin: PayinRow | null = null): Preference => ({
  id: row.id,
  school_id: row.schoolId,
  method: row.method,
  amount_centavos: row.amountCentavos,
  items: row.items,
  instructions: payin ? instructionsOf(payin) : null,
  created_at: row.createdAt.toISOString(),
});

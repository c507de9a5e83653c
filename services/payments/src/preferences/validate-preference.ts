import type { PreferenceValidation } from '@cuota/contracts/payments/preferences';
import { validatePreference as definition } from '@cuota/contracts/payments/endpoints/preferences';
import { notFound } from '@cuota/service-runtime/http/http-error';
import { allocationWatermark } from '../allocation/allocation-repository';
import { dueOfFamily } from '../desk/desk-family';
import type { PaymentsDeps } from '../payments-deps';
import { cardRefusalOf } from '../risk/credit-profile';
import { preferenceById } from './preference-repository';
import { checkPreference, type OwedNow } from './preference-rules';

/**
 * A preference checked before paying (ADR 0045): its orders priced again as checkout would
 * (each student's open orders from billing, less payments' own allocations), so an order
 * paid or canceled meanwhile owes 0 instead of failing the whole check. Only the guardian who
 * made it may ask (anyone else: 404).
 */
export async function validatePreference(
  deps: PaymentsDeps,
  guardianId: string,
  schoolIds: readonly string[],
  preferenceId: string,
): Promise<PreferenceValidation> {
  const preference = await preferenceById(deps.db, preferenceId);
  if (
    !preference ||
    preference.guardianId !== guardianId ||
    !schoolIds.includes(preference.schoolId)
  )
    throw notFound(definition.notFound);
  const watermark = await allocationWatermark(deps.db);
  const students = [...new Set(preference.items.map((i) => i.student_id))];
  const open = await dueOfFamily(deps.db, deps.billing, preference.schoolId, students, watermark);
  const owedNow = new Map<string, OwedNow>(
    open.map((o) => [o.orderId, { base: o.baseDue, lateFee: o.lateFeeDue }]),
  );
  const refusal =
    preference.method === 'card'
      ? await cardRefusalOf(deps.db, preference.schoolId, guardianId)
      : null;
  return {
    preference_id: preference.id,
    method: preference.method,
    ...checkPreference(preference.items, owedNow, refusal),
  };
}

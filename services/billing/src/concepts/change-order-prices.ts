import type { ChangeOrderPrices } from '@cuota/contracts/billing/corrections';
import type { Executor } from '@cuota/messaging/transaction';
import { badRequest } from '@cuota/service-runtime/http/http-error';
import { correctOrder, lockOrdersOfConcept } from '../orders/order-adjustment-repository';
import { hasMoney, WITH_PAYMENTS_NOTE } from '../orders/order-adjustment-rules';
import type { Correction } from '../orders/order-adjustment-repository';
import { saveConcept, type ConceptRow } from './concept-repository';

/**
 * change_order_prices (ADR 0035): the concept's new price for later bill runs, and the same
 * price on its issued orders falling due from `from` that have no money applied, each an
 * audited `price_changed` correction; orders with payments keep their price and are counted.
 * The concept is locked by the caller, so two changes of one concept queue.
 */
export async function changeOrderPrices(
  tx: Executor,
  concept: ConceptRow,
  input: ChangeOrderPrices & { from: string },
  who: Omit<Correction, 'kind'>,
) {
  const issued = await lockOrdersOfConcept(tx, concept.id, input.from);
  const unpaid = issued.filter((o) => !hasMoney(o));
  const below = unpaid.filter(
    (o) => o.scholarshipCentavos + o.discountCentavos > input.price_centavos + o.surchargeCentavos,
  ).length;
  if (below > 0)
    throw badRequest(
      `El nuevo precio es menor que la beca o los descuentos de ${below === 1 ? 'una orden' : `${below} órdenes`}; revisa el precio.`,
    );
  await saveConcept(tx, concept.id, { priceCentavos: input.price_centavos });
  let repriced = 0;
  for (const o of unpaid) {
    const c = { ...who, kind: 'price_changed' as const };
    if (await correctOrder(tx, o, { amountCentavos: input.price_centavos }, c)) repriced += 1;
  }
  const withPayments = issued.length - unpaid.length;
  return {
    concept_id: concept.id,
    price_centavos: input.price_centavos,
    orders_repriced: repriced,
    orders_with_payments: withPayments,
    note: withPayments > 0 ? WITH_PAYMENTS_NOTE(withPayments) : null,
  };
}

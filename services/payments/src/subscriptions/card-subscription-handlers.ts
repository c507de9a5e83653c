import {
  cancelCardSubscription as cancelDefinition,
  createCardSubscription as createDefinition,
  listCardSubscriptions as listDefinition,
} from '@cuota/contracts/payments/endpoints/card-subscriptions';
import type { IdentityClaims } from '@cuota/contracts/identity/identity-claims';
import { forbidden, notFound } from '@cuota/service-runtime/http/http-error';
import { implement } from '@cuota/service-runtime/http/endpoint-handlers';
import { familyOf, familyScope } from '../payins/payin-access';
import type { PaymentsDeps } from '../payments-deps';
import {
  cardSubscriptionOf,
  cardSubscriptionsOfStudents,
  chargesOf,
} from './card-subscription-repository';
import { cardSubscriptionView } from './card-subscription-view';
import { createCardSubscription } from './create-card-subscription';
import { removeCardSubscription } from './remove-card-subscription';

const NOT_BY_CARD = 'Esta suscripción no se paga con tarjeta.';

/** The guardian's family in the school (another school's: 404; staff: 403). */
async function familyOfCaller(deps: PaymentsDeps, caller: IdentityClaims, schoolId: string) {
  if (caller.kind !== 'guardian') throw forbidden();
  return familyOf(deps.db, schoolId, familyScope(caller, schoolId)!);
}

export function cardSubscriptionHandlers(deps: PaymentsDeps) {
  return [
    implement(listDefinition, async (call) => {
      const family = await familyOfCaller(deps, call.caller, call.params.id);
      const rows = await cardSubscriptionsOfStudents(deps.db, call.params.id, family.studentIds);
      const charges = await chargesOf(
        deps.db,
        rows.map((r) => r.id),
      );
      return rows.map((r) => cardSubscriptionView(r, charges));
    }),

    implement(createDefinition, async (call) => {
      const family = await familyOfCaller(deps, call.caller, call.params.id);
      return createCardSubscription(deps, call.params.id, family.guardianId, call.body);
    }),

    implement(cancelDefinition, async (call) => {
      const { school, id } = call.params;
      const family = await familyOfCaller(deps, call.caller, school);
      const card = await cardSubscriptionOf(deps.db, id);
      if (!card || card.schoolId !== school || !family.studentIds.includes(card.studentId))
        throw notFound(NOT_BY_CARD);
      const canceled = await removeCardSubscription(deps, card);
      return cardSubscriptionView(canceled, await chargesOf(deps.db, [card.id]));
    }),
  ];
}

import {
  cancelSubscription,
  createSubscription,
  getSubscription,
  listSubscribableConcepts,
  listSubscriptions,
} from '@cuota/contracts/billing/endpoints/subscriptions';
import type { IdentityClaims } from '@cuota/contracts/identity/identity-claims';
import type { Executor } from '@cuota/messaging/transaction';
import { implement } from '@cuota/service-runtime/http/endpoint-handlers';
import { badRequest } from '@cuota/service-runtime/http/http-error';
import type { BillingContext } from '../billing-db';
import { studentsOfCaller, subscriberOf, subscriptionOfCaller } from './subscriber';
import { subscribe } from './subscribe';
import { subscriptionsOfSchool } from './subscription-repository';
import { subscribablesOf, subscriptionViews } from './subscription-view';
import { audienceOf } from './subscription-rules';
import { unsubscribe } from './unsubscribe';

export function subscriptionHandlers({ db, today }: BillingContext) {
  const view = async (caller: IdentityClaims, schoolId: string, id: string, on: Executor = db) =>
    (await subscriptionViews(on, [await subscriptionOfCaller(on, caller, schoolId, id)]))[0]!;
  /** Whose concepts to offer: the one student asked for, else the family's (staff must ask). */
  const offeredTo = async (caller: IdentityClaims, schoolId: string, studentId?: string) => {
    if (studentId) return [await subscriberOf(db, caller, schoolId, studentId)];
    if (caller.kind !== 'guardian') throw badRequest('Elige un alumno (student_id).');
    const ids = (await studentsOfCaller(db, caller, schoolId)) ?? [];
    return Promise.all(ids.map((id) => subscriberOf(db, caller, schoolId, id)));
  };
  return [
    implement(listSubscriptions, async ({ caller, params }) => {
      const students = await studentsOfCaller(db, caller, params.id);
      return subscriptionViews(db, await subscriptionsOfSchool(db, params.id, students));
    }),
    implement(getSubscription, ({ caller, params }) => view(caller, params.school, params.id)),
    implement(createSubscription, async ({ caller, params, body, once }) => {
      // The answer is made in the transaction: a retry with the same key replays it.
      return once(async (tx) =>
        view(caller, params.id, await subscribe(tx, params.id, body, caller, today()), tx),
      );
    }),
    implement(cancelSubscription, async ({ caller, params }) => {
      await db.transaction((tx) =>
        unsubscribe(tx, params.school, params.id, caller, { today: today(), at: new Date() }),
      );
      return view(caller, params.school, params.id);
    }),
    implement(listSubscribableConcepts, async ({ caller, params, query }) =>
      subscribablesOf(db, params.id, await offeredTo(caller, params.id, query.student_id), {
        today: today(),
        audience: audienceOf(caller),
      }),
    ),
  ];
}

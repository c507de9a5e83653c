import {
  cancelSubscription,
  createSubscription,
  listSubscribableConcepts,
  listSubscriptions,
} from '@cuota/contracts/billing/endpoints/subscriptions';
import type { CreateSubscription } from '@cuota/contracts/billing/subscriptions';
import {
  cancelCardSubscription,
  createCardSubscription,
  listCardSubscriptions,
} from '@cuota/contracts/payments/endpoints/card-subscriptions';
import type { CreateCardSubscription } from '@cuota/contracts/payments/card-subscriptions';
import { baseApi } from '@cuota/web-core/api/base-api';
import { fromEndpoint } from '@cuota/web-core/api/endpoint-request';

const api = baseApi.enhanceEndpoints({
  addTagTypes: ['Subscriptions', 'FamilyOrders', 'CardSubscriptions'],
});

/** The family's subscriptions (ADR 0035): what they bill changes what the family owes. */
export const subscriptionsApi = api.injectEndpoints({
  endpoints: (build) => ({
    familySubscriptions: build.query({
      ...fromEndpoint(listSubscriptions, (schoolId: string) => ({ params: { id: schoolId } })),
      providesTags: ['Subscriptions'],
    }),
    subscribables: build.query({
      ...fromEndpoint(listSubscribableConcepts, (schoolId: string) => ({
        params: { id: schoolId },
        query: {},
      })),
      providesTags: ['Subscriptions'],
    }),
    subscribe: build.mutation({
      ...fromEndpoint(
        createSubscription,
        ({ schoolId, pair }: { schoolId: string; pair: CreateSubscription }) => ({
          params: { id: schoolId },
          body: pair,
        }),
      ),
      invalidatesTags: ['Subscriptions', 'FamilyOrders'],
      extraOptions: { showsOwnError: true },
    }),
    unsubscribe: build.mutation({
      ...fromEndpoint(cancelSubscription, ({ schoolId, id }: { schoolId: string; id: string }) => ({
        params: { school: schoolId, id },
      })),
      // Cancelling the subscription stops its card's charges too (ADR 0070).
      invalidatesTags: ['Subscriptions', 'FamilyOrders', 'CardSubscriptions'],
      extraOptions: { showsOwnError: true },
    }),
    /** The cards paying the family's subscriptions, with their months' charges (ADR 0070). */
    cardSubscriptions: build.query({
      ...fromEndpoint(listCardSubscriptions, (schoolId: string) => ({ params: { id: schoolId } })),
      providesTags: ['CardSubscriptions'],
    }),
    giveCard: build.mutation({
      ...fromEndpoint(
        createCardSubscription,
        ({ schoolId, card }: { schoolId: string; card: CreateCardSubscription }) => ({
          params: { id: schoolId },
          body: card,
        }),
      ),
      invalidatesTags: ['CardSubscriptions'],
      extraOptions: { showsOwnError: true },
    }),
    removeCard: build.mutation({
      ...fromEndpoint(
        cancelCardSubscription,
        ({ schoolId, id }: { schoolId: string; id: string }) => ({
          params: { school: schoolId, id },
        }),
      ),
      invalidatesTags: ['CardSubscriptions'],
      extraOptions: { showsOwnError: true },
    }),
  }),
});

export const {
  useFamilySubscriptionsQuery,
  useSubscribablesQuery,
  useSubscribeMutation,
  useUnsubscribeMutation,
  useCardSubscriptionsQuery,
  useGiveCardMutation,
  useRemoveCardMutation,
} = subscriptionsApi;

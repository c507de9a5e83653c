import {
  cancelSubscription,
  createSubscription,
  listSubscribableConcepts,
  listSubscriptions,
} from '@cuota/contracts/billing/endpoints/subscriptions';
import type { CreateSubscription } from '@cuota/contracts/billing/subscriptions';
import { baseApi } from '@cuota/web-core/api/base-api';
import { fromEndpoint } from '@cuota/web-core/api/endpoint-request';

const api = baseApi.enhanceEndpoints({ addTagTypes: ['Subscriptions', 'FamilyOrders'] });

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
      invalidatesTags: ['Subscriptions', 'FamilyOrders'],
      extraOptions: { showsOwnError: true },
    }),
  }),
});

export const {
  useFamilySubscriptionsQuery,
  useSubscribablesQuery,
  useSubscribeMutation,
  useUnsubscribeMutation,
} = subscriptionsApi;

import {
  storeCardForm,
  storeCheckout,
  storeCheckoutStatus,
} from '@cuota/contracts/payments/endpoints/store-checkout';
import type { StoreCheckout } from '@cuota/contracts/payments/store-checkout';
import { baseApi } from '@cuota/web-core/api/base-api';
import { fromEndpoint } from '@cuota/web-core/api/endpoint-request';

/** The store's card checkout at payments (ADR 0074): the form, the purchase, its progress. */
export const storeCheckoutApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    storeCardForm: build.query({
      ...fromEndpoint(storeCardForm, (schoolId: string) => ({ params: { id: schoolId } })),
    }),
    storeCheckout: build.mutation({
      ...fromEndpoint(
        storeCheckout,
        ({
          schoolId,
          purchase,
          idempotencyKey,
        }: {
          schoolId: string;
          purchase: StoreCheckout;
          idempotencyKey: string;
        }) => ({ params: { id: schoolId }, body: purchase, idempotencyKey }),
      ),
      // The page says why the payment failed next to the card form; no page alert too.
      extraOptions: { showsOwnError: true },
    }),
    storeCheckoutStatus: build.query({
      ...fromEndpoint(storeCheckoutStatus, (p: { schoolId: string; paymentId: string }) => ({
        params: { id: p.schoolId, payment: p.paymentId },
      })),
    }),
  }),
});

export const { useStoreCardFormQuery, useStoreCheckoutMutation, useStoreCheckoutStatusQuery } =
  storeCheckoutApi;

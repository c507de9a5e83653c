import {
  avoidScholarship,
  editBase,
  editDue,
  forceScholarship,
  patchBookkeeperOrder,
  switchInterestForgiven,
} from '@cuota/contracts/billing/endpoints/corrections';
import { getBookkeeperOrder } from '@cuota/contracts/billing/endpoints/orders';
import { grantScholarship } from '@cuota/contracts/billing/endpoints/scholarships';
import {
  grantSpecialDiscount,
  grantSpecialOverCharge,
} from '@cuota/contracts/billing/endpoints/special-charges';
import type { BookkeeperOrderPatch } from '@cuota/contracts/billing/corrections';
import type { CreateScholarship } from '@cuota/contracts/billing/scholarships';
import type {
  CreateSpecialDiscount,
  CreateSpecialOverCharge,
} from '@cuota/contracts/billing/special-charges';
import { baseApi } from '@cuota/web-core/api/base-api';
import { fromEndpoint } from '@cuota/web-core/api/endpoint-request';

// A correction changes what the student owes: the order, the student's concepts and Adeudos.
const api = baseApi.enhanceEndpoints({ addTagTypes: ['StaffOrder', 'StudentOrders', 'DueOrders'] });
const refreshed = ['StaffOrder', 'StudentOrders', 'DueOrders'] as const;
const afterCorrection = (_r: unknown, error: unknown) => (error ? [] : [...refreshed]);

interface Target {
  schoolId: string;
  orderId: string;
  reason: string;
}

/** One order as the school's staff sees it, with its corrections (ADR 0035). */
export const orderCorrectionsApi = api.injectEndpoints({
  endpoints: (build) => ({
    staffOrder: build.query({
      ...fromEndpoint(getBookkeeperOrder, (id: string) => ({ params: { id }, query: {} })),
      providesTags: ['StaffOrder'],
    }),
    switchInterestForgiven: build.mutation({
      ...fromEndpoint(
        switchInterestForgiven,
        ({ schoolId, orderId, reason, forgiven }: Target & { forgiven: boolean }) => ({
          params: { id: schoolId, fulfillment: orderId },
          body: { interest_forgiven: forgiven, reason },
        }),
      ),
      invalidatesTags: afterCorrection,
    }),
    editBase: build.mutation({
      ...fromEndpoint(
        editBase,
        ({ schoolId, orderId, reason, amountCentavos }: Target & { amountCentavos: number }) => ({
          params: { id: schoolId, fulfillment: orderId },
          body: { amount_centavos: amountCentavos, reason },
        }),
      ),
      invalidatesTags: afterCorrection,
    }),
    editDue: build.mutation({
      ...fromEndpoint(
        editDue,
        ({ schoolId, orderId, reason, dueOn }: Target & { dueOn: string }) => ({
          params: { id: schoolId, fulfillment: orderId },
          body: { due_on: dueOn, reason },
        }),
      ),
      invalidatesTags: afterCorrection,
    }),
    avoidScholarship: build.mutation({
      ...fromEndpoint(avoidScholarship, ({ schoolId, orderId, reason }: Target) => ({
        params: { id: schoolId, fulfillment: orderId },
        body: { reason },
      })),
      invalidatesTags: afterCorrection,
    }),
    forceScholarship: build.mutation({
      ...fromEndpoint(forceScholarship, ({ schoolId, orderId, reason }: Target) => ({
        params: { id: schoolId, fulfillment: orderId },
        body: { reason },
      })),
      invalidatesTags: afterCorrection,
    }),
    patchOrder: build.mutation({
      ...fromEndpoint(
        patchBookkeeperOrder,
        ({ orderId, patch }: { orderId: string; patch: BookkeeperOrderPatch }) => ({
          params: { id: orderId },
          body: patch,
        }),
      ),
      invalidatesTags: afterCorrection,
    }),
    grantSpecialDiscount: build.mutation({
      ...fromEndpoint(
        grantSpecialDiscount,
        ({ schoolId, body }: { schoolId: string; body: CreateSpecialDiscount }) => ({
          params: { id: schoolId },
          body,
        }),
      ),
      invalidatesTags: afterCorrection,
    }),
    grantSpecialOverCharge: build.mutation({
      ...fromEndpoint(
        grantSpecialOverCharge,
        ({ schoolId, body }: { schoolId: string; body: CreateSpecialOverCharge }) => ({
          params: { id: schoolId },
          body,
        }),
      ),
      invalidatesTags: afterCorrection,
    }),
    grantScholarship: build.mutation({
      ...fromEndpoint(
        grantScholarship,
        ({ schoolId, body }: { schoolId: string; body: CreateScholarship }) => ({
          params: { id: schoolId },
          body,
        }),
      ),
      invalidatesTags: afterCorrection,
    }),
  }),
});

export const {
  useStaffOrderQuery,
  useSwitchInterestForgivenMutation,
  useEditBaseMutation,
  useEditDueMutation,
  usePatchOrderMutation,
  useAvoidScholarshipMutation,
  useForceScholarshipMutation,
  useGrantSpecialDiscountMutation,
  useGrantSpecialOverChargeMutation,
  useGrantScholarshipMutation,
} = orderCorrectionsApi;

import {
  addStoreItemPhoto,
  createStoreItem,
  deliverOptionalOrder,
  listStoreCategories,
  moveStock,
  removeStoreItemPhoto,
  schoolOptionalOrders,
  schoolStock,
  stockHistory,
  updateStoreItem,
} from '@cuota/contracts/billing/endpoints/store';
import {
  STORE_PHOTO_FIELD,
  type CreateStoreItem,
  type OptionalOrderStatus,
  type StockMovementInput,
  type UpdateStoreItem,
} from '@cuota/contracts/billing/store';
import { baseApi } from '@cuota/web-core/api/base-api';
import { fromEndpoint } from '@cuota/web-core/api/endpoint-request';

// Items, stock and orders change together: a movement or a delivery refreshes all three.
const STORE_TAG = 'Store' as const;
const api = baseApi.enhanceEndpoints({ addTagTypes: [STORE_TAG] });
const refresh = (_r: unknown, error: unknown) => (error ? [] : [STORE_TAG]);

export const storeApi = api.injectEndpoints({
  endpoints: (build) => ({
    storeStock: build.query({
      ...fromEndpoint(schoolStock, (schoolId: string) => ({ params: { id: schoolId } })),
      providesTags: [STORE_TAG],
    }),
    storeCategories: build.query({
      ...fromEndpoint(listStoreCategories, (schoolId: string) => ({ params: { id: schoolId } })),
      providesTags: [STORE_TAG],
    }),
    stockHistory: build.query({
      ...fromEndpoint(stockHistory, (schoolId: string) => ({
        params: { id: schoolId },
        query: {},
      })),
      providesTags: [STORE_TAG],
    }),
    storeOrders: build.query({
      ...fromEndpoint(
        schoolOptionalOrders,
        ({ schoolId, status }: { schoolId: string; status?: OptionalOrderStatus }) => ({
          params: { id: schoolId },
          query: { status },
        }),
      ),
      providesTags: [STORE_TAG],
    }),
    createStoreItem: build.mutation({
      ...fromEndpoint(
        createStoreItem,
        ({ schoolId, item }: { schoolId: string; item: CreateStoreItem }) => ({
          params: { id: schoolId },
          body: item,
        }),
      ),
      invalidatesTags: refresh,
    }),
    updateStoreItem: build.mutation({
      ...fromEndpoint(
        updateStoreItem,
        ({
          schoolId,
          id,
          changes,
        }: {
          schoolId: string;
          id: string;
          changes: UpdateStoreItem;
        }) => ({
          params: { id: schoolId, item: id },
          body: changes,
        }),
      ),
      invalidatesTags: refresh,
    }),
    addStoreItemPhoto: build.mutation({
      ...fromEndpoint(
        addStoreItemPhoto,
        ({ schoolId, id, photo }: { schoolId: string; id: string; photo: File }) => {
          const body = new FormData();
          body.append(STORE_PHOTO_FIELD, photo);
          return { params: { id: schoolId, item: id }, body };
        },
      ),
      invalidatesTags: refresh,
    }),
    removeStoreItemPhoto: build.mutation({
      ...fromEndpoint(
        removeStoreItemPhoto,
        ({ schoolId, id, photoId }: { schoolId: string; id: string; photoId: string }) => ({
          params: { id: schoolId, item: id, photo: photoId },
        }),
      ),
      invalidatesTags: refresh,
    }),
    moveStock: build.mutation({
      ...fromEndpoint(
        moveStock,
        ({ schoolId, movement }: { schoolId: string; movement: StockMovementInput }) => ({
          params: { id: schoolId },
          body: movement,
        }),
      ),
      invalidatesTags: refresh,
    }),
    deliverOrder: build.mutation({
      ...fromEndpoint(
        deliverOptionalOrder,
        ({ schoolId, id }: { schoolId: string; id: string }) => ({
          params: { id: schoolId, order: id },
        }),
      ),
      invalidatesTags: refresh,
    }),
  }),
});

export const {
  useStoreStockQuery,
  useStoreCategoriesQuery,
  useStockHistoryQuery,
  useStoreOrdersQuery,
  useCreateStoreItemMutation,
  useUpdateStoreItemMutation,
  useMoveStockMutation,
  useDeliverOrderMutation,
  useAddStoreItemPhotoMutation,
  useRemoveStoreItemPhotoMutation,
} = storeApi;

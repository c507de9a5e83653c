import {
  dueOrderFilters,
  exportDueOrders,
  getDueOrderStudent,
  listDueOrderStudents,
} from '@cuota/contracts/billing/endpoints/due-orders';
import type { DueOrdersQuery } from '@cuota/contracts/billing/orders';
import { baseApi } from '@cuota/web-core/api/base-api';
import { CSRF_HEADER, getCsrfToken } from '@cuota/web-core/api/csrf';
import { endpointUrl, fromEndpoint } from '@cuota/web-core/api/endpoint-request';

export const DUE_PAGE_SIZE = 25;
export type DueFilters = Partial<Omit<DueOrdersQuery, 'page_size'>> & { page: number };

const api = baseApi.enhanceEndpoints({ addTagTypes: ['DueOrders'] });

/** Adeudos: students with open orders, their filters and each one's orders. */
export const dueOrdersApi = api.injectEndpoints({
  endpoints: (build) => ({
    dueOrderStudents: build.query({
      ...fromEndpoint(
        listDueOrderStudents,
        ({ schoolId, filters }: { schoolId: string; filters: DueFilters }) => ({
          params: { id: schoolId },
          query: { ...filters, page_size: DUE_PAGE_SIZE },
        }),
      ),
      providesTags: ['DueOrders'],
    }),
    dueOrderFilters: build.query({
      ...fromEndpoint(dueOrderFilters, (schoolId: string) => ({ params: { id: schoolId } })),
      providesTags: ['DueOrders'],
    }),
    dueOrderStudent: build.query({
      ...fromEndpoint(
        getDueOrderStudent,
        ({ schoolId, studentId }: { schoolId: string; studentId: string }) => ({
          params: { id: schoolId, student: studentId },
        }),
      ),
      providesTags: ['DueOrders'],
    }),
  }),
});

export const { useDueOrderStudentsQuery, useDueOrderFiltersQuery, useDueOrderStudentQuery } =
  dueOrdersApi;

/**
 * The due-orders workbook: the row is a POST (the spec's), so the browser cannot follow a
 * plain link; it fetches the file with the CSRF token and saves it.
 */
export async function downloadDueOrders(schoolId: string, filters: Omit<DueFilters, 'page'>) {
  const url = endpointUrl(exportDueOrders, { params: { id: schoolId }, query: filters });
  const res = await fetch(url, {
    method: exportDueOrders.method,
    credentials: 'same-origin',
    headers: { [CSRF_HEADER]: await getCsrfToken() },
  });
  if (!res.ok) throw new Error(`HTTP ${res.status}`);
  const link = document.createElement('a');
  link.href = URL.createObjectURL(await res.blob());
  link.download = 'adeudos.xlsx';
  link.click();
  URL.revokeObjectURL(link.href);
}

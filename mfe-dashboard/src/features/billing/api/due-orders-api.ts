import {
  dueOrderFilters,
  exportDueOrders,
  getDueOrderStudent,
  listDueOrderStudents,
} from '@cuota/contracts/billing/endpoints/due-orders';
import type { DueOrdersQuery, DueStatus } from '@cuota/contracts/billing/orders';
import type { EducationLevel } from '@cuota/contracts/enrolment/entities';
import { baseApi } from '@cuota/web-core/api/base-api';
import { CSRF_HEADER, getCsrfToken } from '@cuota/web-core/api/csrf';
import { endpointUrl, fromEndpoint } from '@cuota/web-core/api/endpoint-request';
import type { AppDispatch } from '@cuota/web-core/store';
import { pagedFilters } from '../../../components/use-url-filters';

export const DUE_PAGE_SIZE = 25;
export type DueFilters = Partial<Omit<DueOrdersQuery, 'page_size'>> & { page: number };
export type DueSearch = Omit<DueFilters, 'page'>;

/** Adeudos' filters as its address names them. */
export function readDueFilters(search: URLSearchParams): DueSearch {
  return {
    search: search.get('search') || undefined,
    level: (search.get('level') || undefined) as EducationLevel | undefined,
    due_status: (search.get('due_status') || undefined) as DueStatus | undefined,
  };
}

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

/**
 * Asks for Adeudos' first screen (its page of students and its filters) while the section's
 * code is still loading; the page's own queries then join these requests.
 */
export function prefetchDueOrders(
  dispatch: AppDispatch,
  schoolId: string,
  search: URLSearchParams,
) {
  const filters = pagedFilters(readDueFilters, search);
  dispatch(dueOrdersApi.util.prefetch('dueOrderStudents', { schoolId, filters }, {}));
  dispatch(dueOrdersApi.util.prefetch('dueOrderFilters', schoolId, {}));
}

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

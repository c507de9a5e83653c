import type { StudentsByLevelQuery } from '@cuota/contracts/enrolment/student-list';

/** The list's state lives in the URL (?status=active&page=2…): shareable and back-button safe. */
export type ListParams = Partial<
  Pick<StudentsByLevelQuery, 'level' | 'section_id' | 'status' | 'search' | 'ordering'>
> & { page: number };

export const PAGE_SIZE = 25;

export function readListParams(search: URLSearchParams): ListParams {
  const text = (key: string) => search.get(key) || undefined;
  return {
    level: text('level') as ListParams['level'],
    section_id: text('section_id'),
    status: text('status') as ListParams['status'],
    search: text('search'),
    ordering: text('ordering') as ListParams['ordering'],
    page: Math.max(1, Number(search.get('page')) || 1),
  };
}

/** Only the filters in use, in a stable order (so the cache key is stable too). */
export function toQueryString(params: Omit<ListParams, 'page'> & { page?: number }): string {
  const query = new URLSearchParams();
  for (const key of ['level', 'section_id', 'status', 'search', 'ordering'] as const) {
    const value = params[key];
    if (value) query.set(key, value);
  }
  if (params.page && params.page > 1) query.set('page', String(params.page));
  return query.toString();
}

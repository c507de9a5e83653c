import type { StudentsByLevelQuery } from '@cuota/contracts/enrolment/student-list';
import type { Paged } from '../../../components/use-url-filters';

/** The list's filters, kept in the URL (?status=active&search=…): shareable, back-button safe. */
export type StudentFilterValues = Partial<
  Pick<StudentsByLevelQuery, 'level' | 'section_id' | 'status' | 'search' | 'ordering'>
>;

export type ListParams = Paged<StudentFilterValues>;

export const PAGE_SIZE = 25;

export function readListParams(search: URLSearchParams): StudentFilterValues {
  const text = (key: string) => search.get(key) || undefined;
  return {
    level: text('level') as ListParams['level'],
    section_id: text('section_id'),
    status: text('status') as ListParams['status'],
    search: text('search'),
    ordering: text('ordering') as ListParams['ordering'],
  };
}

import type { ReactNode } from 'react';
import { SearchForm, type SearchFormProps } from '@cuota/ui/search-form';
import { PagedList, type PagedListProps } from './paged-list';
import { useSearchAsYouType } from './use-search-as-you-type';
import type { Paged, UrlFilters } from './use-url-filters';

export interface FilteredPagedListProps<Row, F extends { search?: string }> extends Omit<
  PagedListProps<Row>,
  'page' | 'onPageChange'
> {
  /** The list's filters and page in the URL (useUrlFilters). */
  url: UrlFilters<F>;
  /** The search form's name («Buscar facturas»), its box's label and what it searches by. */
  search: Pick<SearchFormProps, 'name' | 'label' | 'hint'>;
  /** Filters beside the search box that apply at once (selects bound to `url`). */
  filters?: ReactNode;
  /** What stands between the form and the table: totals, an export, a note. */
  children?: ReactNode;
}

/**
 * A list page's body: the search form (searching as it is typed) with its filters, then the
 * server-paged table, the search and the page kept in the URL with the other filters.
 */
export function FilteredPagedList<Row, F extends { search?: string }>(
  props: FilteredPagedListProps<Row, F>,
) {
  const { url, search, filters: controls, children, ...list } = props;
  const [filters, go] = url;
  // Each typed search replaces the last one in history: back leaves the search, not a letter.
  const searching = useSearchAsYouType(filters.search, (text, typed) =>
    go({ search: text || undefined } as Partial<Paged<F>>, { replace: typed }),
  );
  return (
    <>
      <SearchForm {...search} value={filters.search} {...searching}>
        {controls}
      </SearchForm>
      {children}
      <PagedList<Row>
        {...list}
        page={filters.page}
        onPageChange={(page) => go({ page } as Partial<Paged<F>>)}
      />
    </>
  );
}

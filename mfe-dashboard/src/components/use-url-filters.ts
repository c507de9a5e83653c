import { useSearchParams } from 'react-router';

/** A list's filters and the server page it shows. */
export type Paged<F> = F & { page: number };

/**
 * The filters and page an address names: what useUrlFilters shows, and what a section
 * prefetches before its page has loaded (the same value, so both share one request).
 */
export function pagedFilters<F extends object>(
  read: (params: URLSearchParams) => F,
  params: URLSearchParams,
): Paged<F> {
  return { ...read(params), page: Math.max(1, Number(params.get('page')) || 1) };
}

/** How `go` writes the address: `replace` changes the current history entry (a typed search). */
export interface GoOptions {
  replace?: boolean;
}

/** What useUrlFilters gives: the filters now, and `go` to change some of them. */
export type UrlFilters<F> = [Paged<F>, (next: Partial<Paged<F>>, options?: GoOptions) => void];

/**
 * A list's filters kept in the URL (shareable, back-button safe): `read` turns the query into
 * filters (the page is read here); `go` merges a change and writes every value that is set,
 * page last and only past 1. A change that names no page goes back to the first one: other
 * filters mean other pages.
 */
export function useUrlFilters<F extends object>(
  read: (params: URLSearchParams) => F,
): UrlFilters<F> {
  const [params, setParams] = useSearchParams();
  const filters = pagedFilters(read, params);
  const go = (next: Partial<Paged<F>>, options?: GoOptions) => {
    const { page: _page, ...rest } = { ...filters, ...next };
    const page = next.page ?? 1;
    const query = new URLSearchParams();
    for (const [key, value] of Object.entries(rest))
      if (value !== undefined && value !== '') query.set(key, String(value));
    if (page > 1) query.set('page', String(page));
    setParams(query, options);
  };
  return [filters, go];
}

/** A filter control's props bound to one of the URL's filters: shows it, changes it. */
export function bindFilter<F, K extends keyof F & string>([filters, go]: UrlFilters<F>, key: K) {
  return {
    value: filters[key],
    onChange: (value: Paged<F>[K]) => {
      const change: Partial<Paged<F>> = {};
      change[key] = value;
      go(change);
    },
  };
}

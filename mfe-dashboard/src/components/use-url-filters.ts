import { useSearchParams } from 'react-router';

/**
 * A list's filters kept in the URL (shareable, back-button safe): `read` turns the query into
 * filters; `go` merges a change and writes every value that is set, page last and only past 1.
 */
export function useUrlFilters<F extends { page: number }>(
  read: (params: URLSearchParams) => F,
): [F, (next: Partial<F>) => void] {
  const [params, setParams] = useSearchParams();
  const filters = read(params);
  const go = (next: Partial<F>) => {
    const { page, ...rest } = { ...filters, ...next };
    const query = new URLSearchParams();
    for (const [key, value] of Object.entries(rest))
      if (value !== undefined && value !== '') query.set(key, String(value));
    if (page > 1) query.set('page', String(page));
    setParams(query);
  };
  return [filters, go];
}

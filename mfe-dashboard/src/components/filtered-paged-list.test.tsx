/** @jest-environment @cuota/web-core/test-support/jsdom-environment */
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { FilterSelect } from '@cuota/ui/filter-select';
import { renderWithProviders } from '@cuota/web-core/test-support/render-with-providers';
import { DEBOUNCE_DEFAULT_MS } from '@cuota/web-core/timing/debounce';
import { FilteredPagedList } from './filtered-paged-list';
import { bindFilter, useUrlFilters } from './use-url-filters';

interface Row {
  id: string;
}
interface Search {
  search?: string;
  kind?: string;
}
const KINDS = [{ value: 'caja', label: 'Caja' }];
const readSearch = (params: URLSearchParams): Search => ({
  search: params.get('search') || undefined,
  kind: params.get('kind') || undefined,
});

/** A list of 60 rows whose only row says which filters and page the server was asked for. */
function Recibos() {
  const url = useUrlFilters(readSearch);
  const [filters] = url;
  const asked = `${filters.search ?? '—'} ${filters.kind ?? '—'} p${filters.page}`;
  return (
    <FilteredPagedList<Row, Search>
      url={url}
      search={{ name: 'Buscar recibos', hint: 'Folio o nombre' }}
      filters={<FilterSelect label="Tipo" options={KINDS} {...bindFilter(url, 'kind')} />}
      query={{
        currentData: { count: 60, results: [{ id: asked }] },
        isFetching: false,
        refetch() {},
      }}
      noun="recibos"
      columns={[{ header: 'Pedido', cell: (r) => r.id }]}
      rowKey={(r) => r.id}
      empty={{ title: 'Sin recibos', description: 'Cambia la búsqueda.' }}
      pageSize={25}
    />
  );
}

afterEach(() => jest.useRealTimers());

function renderRecibos(url: string) {
  const { router } = renderWithProviders(<Recibos />, { url, path: '/recibos' });
  const search = () => router.state.location.search;
  return { router, search, user: userEvent.setup() };
}

test('a search keeps the other filters and goes back to the first page', async () => {
  const { search, user } = renderRecibos('/recibos?kind=caja&search=P%C3%A9rez&page=3');
  const form = screen.getByRole('search', { name: 'Buscar recibos' });
  const box = within(form).getByRole('textbox', { name: 'Buscar' });
  expect(box).toHaveValue('Pérez');
  expect(screen.getByRole('cell', { name: 'Pérez caja p3' })).toBeVisible();

  await user.clear(box);
  await user.type(box, ' López ');
  await user.click(within(form).getByRole('button', { name: 'Buscar' }));
  expect(search()).toBe('?search=L%C3%B3pez&kind=caja');
  expect(screen.getByRole('cell', { name: 'López caja p1' })).toBeVisible();

  await user.clear(box);
  await user.click(within(form).getByRole('button', { name: 'Buscar' }));
  expect(search()).toBe('?kind=caja');
});

test('paging keeps the filters; a filter change starts again at page 1', async () => {
  const { search, user } = renderRecibos('/recibos?search=Ana');
  const paging = screen.getByRole('navigation', { name: 'Páginas de recibos' });
  await user.click(within(paging).getByRole('button', { name: 'Siguiente' }));
  expect(search()).toBe('?search=Ana&page=2');
  expect(screen.getByRole('cell', { name: 'Ana — p2' })).toBeVisible();

  await user.selectOptions(screen.getByRole('combobox', { name: 'Tipo' }), 'caja');
  expect(search()).toBe('?search=Ana&kind=caja');
});

test('back in history: the box shows the search the list shows again', async () => {
  const { router, user } = renderRecibos('/recibos?search=Ana');
  const box = screen.getByRole('textbox', { name: 'Buscar' });
  await user.clear(box);
  await user.type(box, 'Beto{Enter}');
  expect(screen.getByRole('cell', { name: 'Beto — p1' })).toBeVisible();

  await act(() => router.navigate(-1));
  expect(box).toHaveValue('Ana');
  expect(screen.getByRole('cell', { name: 'Ana — p1' })).toBeVisible();
});

test('a typed search applies once the keys pause, in place of the address it leaves', async () => {
  jest.useFakeTimers();
  const { router, search } = renderRecibos('/recibos?search=Ana&page=3');
  const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
  const box = screen.getByRole('textbox', { name: 'Buscar' });
  const pause = () => act(() => jest.advanceTimersByTime(DEBOUNCE_DEFAULT_MS));

  // A space before the next word is the same search: the list stays on its page.
  await user.type(box, ' ');
  pause();
  expect(search()).toBe('?search=Ana&page=3');

  await user.type(box, 'Lu');
  expect(search()).toBe('?search=Ana&page=3');
  pause();
  expect(search()).toBe('?search=Ana+Lu');
  expect(router.state.historyAction).toBe('REPLACE');
  expect(box).toHaveValue('Ana Lu');
  expect(screen.getByRole('cell', { name: 'Ana Lu — p1' })).toBeVisible();

  // Enter searches at once and drops the typed search still waiting.
  await user.type(box, 'z{Enter}');
  expect(search()).toBe('?search=Ana+Luz');
  expect(router.state.historyAction).toBe('PUSH');
  const entry = router.state.location.key;
  pause();
  expect(router.state.location.key).toBe(entry);
});

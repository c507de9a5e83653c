/** @jest-environment @cuota/web-core/test-support/jsdom-environment */
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderThemed } from '@cuota/ui/test-support/render-themed';
import { PagedList, type PagedQuery } from './paged-list';

interface Row {
  id: string;
  name: string;
}
const columns = [{ header: 'Nombre', cell: (r: Row) => r.name }];
const empty = { title: 'Aún no hay pagos', description: 'Aparecerán aquí.' };

function renderList(query: PagedQuery<Row>, onPageChange = jest.fn()) {
  renderThemed(
    <PagedList<Row>
      query={query}
      noun="pagos"
      columns={columns}
      rowKey={(r) => r.id}
      empty={empty}
      page={2}
      pageSize={2}
      onPageChange={onPageChange}
    />,
  );
  return onPageChange;
}

test('the first page on its way: a spinner that says what loads', () => {
  renderList({ isFetching: true, refetch: jest.fn() });
  expect(screen.getByText('Cargando pagos…')).toBeInTheDocument();
  expect(screen.queryByRole('table')).toBeNull();
});

test('a failed page: the Spanish message and a retry that asks again', async () => {
  const refetch = jest.fn();
  renderList({
    isFetching: false,
    error: { status: 500, data: { error: { code: 'INTERNAL', message: 'Falló el servidor.' } } },
    refetch,
  });
  expect(screen.getByText('Falló el servidor.')).toBeVisible();
  await userEvent.setup().click(screen.getByRole('button', { name: 'Reintentar' }));
  expect(refetch).toHaveBeenCalledTimes(1);
});

test('a page of rows: the count in the caption, the server paging named by the noun', async () => {
  const onPageChange = renderList({
    isFetching: false,
    currentData: { count: 1234, results: [{ id: 'a', name: 'Recibo 7' }] },
    refetch: jest.fn(),
  });
  const table = screen.getByRole('table', { name: 'Pagos (1,234)' });
  expect(within(table).getByRole('cell', { name: 'Recibo 7' })).toBeVisible();
  const paging = screen.getByRole('navigation', { name: 'Páginas de pagos' });
  await userEvent.setup().click(within(paging).getByRole('button', { name: 'Siguiente' }));
  expect(onPageChange).toHaveBeenCalledWith(3);
  // Refetching a page keeps the rows on screen (no spinner over them).
  expect(screen.queryByText('Cargando pagos…')).toBeNull();
});

test('no rows: the empty state instead of an empty table', () => {
  renderList({ isFetching: false, currentData: { count: 0, results: [] }, refetch: jest.fn() });
  expect(screen.getByRole('heading', { name: 'Aún no hay pagos' })).toBeVisible();
  expect(screen.queryByRole('table')).toBeNull();
});

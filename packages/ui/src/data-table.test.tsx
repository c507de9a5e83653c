import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { DataTable, type DataColumn, type SortState } from '@cuota/ui/data-table';
import { formatMoney } from '@cuota/ui/money';
import { renderThemed } from '@cuota/ui/test-support/render-themed';

interface Charge {
  id: string;
  student: string;
  amount: number;
}

const charges: Charge[] = [
  { id: '1', student: 'Zoe Núñez', amount: 350000 },
  { id: '2', student: 'Ángel Ruiz', amount: 12000 },
  { id: '3', student: 'Bruno Díaz', amount: 99900 },
];

const columns: DataColumn<Charge>[] = [
  { id: 'student', header: 'Alumno', cell: (c) => c.student, sortValue: (c) => c.student },
  {
    id: 'amount',
    header: 'Monto',
    cell: (c) => formatMoney(c.amount),
    sortValue: (c) => c.amount,
    align: 'end',
  },
];

const firstColumn = () =>
  screen
    .getAllByRole('row')
    .slice(1)
    .map((row) => within(row).getAllByRole('cell')[0]!.textContent);

test('a real table: caption, column headers and a cell per column', () => {
  renderThemed(
    <DataTable caption="Cargos" columns={columns} rows={charges} rowKey={(c) => c.id} />,
  );
  const table = screen.getByRole('table', { name: 'Cargos' });
  expect(
    within(table)
      .getAllByRole('columnheader')
      .map((h) => h.textContent),
  ).toEqual(['Alumno↕', 'Monto↕']);
  expect(within(table).getAllByRole('row')).toHaveLength(4);
});

test('sorting from the keyboard, accents ignored, and aria-sort says which way', async () => {
  renderThemed(
    <DataTable caption="Cargos" columns={columns} rows={charges} rowKey={(c) => c.id} />,
  );
  const user = userEvent.setup();
  const student = screen.getByRole('columnheader', { name: /Alumno/ });
  expect(student).toHaveAttribute('aria-sort', 'none');

  await user.tab();
  expect(screen.getByRole('button', { name: /Alumno/ })).toHaveFocus();
  await user.keyboard('{Enter}');
  expect(student).toHaveAttribute('aria-sort', 'ascending');
  expect(firstColumn()).toEqual(['Ángel Ruiz', 'Bruno Díaz', 'Zoe Núñez']);

  await user.keyboard(' ');
  expect(student).toHaveAttribute('aria-sort', 'descending');
  expect(firstColumn()).toEqual(['Zoe Núñez', 'Bruno Díaz', 'Ángel Ruiz']);
});

test('amounts sort as numbers, not as text', async () => {
  renderThemed(
    <DataTable
      caption="Cargos"
      columns={columns}
      rows={charges}
      rowKey={(c) => c.id}
      defaultSort={{ column: 'amount', direction: 'ascending' }}
    />,
  );
  expect(firstColumn()).toEqual(['Ángel Ruiz', 'Bruno Díaz', 'Zoe Núñez']);
  expect(screen.getByRole('columnheader', { name: /Monto/ })).toHaveAttribute(
    'aria-sort',
    'ascending',
  );
});

test('pages by itself: previous, next and where you are', async () => {
  renderThemed(
    <DataTable
      caption="Cargos"
      columns={columns}
      rows={charges}
      rowKey={(c) => c.id}
      pageSize={2}
    />,
  );
  const user = userEvent.setup();
  const pages = screen.getByRole('navigation', { name: 'Páginas de cargos' });
  expect(within(pages).getByText('Página 1 de 2')).toBeVisible();
  expect(within(pages).getByRole('button', { name: 'Anterior' })).toBeDisabled();

  await user.click(within(pages).getByRole('button', { name: 'Siguiente' }));
  expect(firstColumn()).toEqual(['Bruno Díaz']);
  expect(within(pages).getByRole('button', { name: 'Siguiente' })).toBeDisabled();
});

test("the server's order is shown and a click asks it for the other direction", async () => {
  const onSortChange = jest.fn<void, [SortState]>();
  renderThemed(
    <DataTable
      caption="Alumnos"
      columns={[
        { id: 'last_name', header: 'Alumno', cell: (c: Charge) => c.student, sortable: true },
      ]}
      rows={charges}
      rowKey={(c) => c.id}
      sort={{ column: 'last_name', direction: 'ascending' }}
      onSortChange={onSortChange}
    />,
  );
  // Rows are the server's: shown as they came.
  expect(firstColumn()).toEqual(['Zoe Núñez', 'Ángel Ruiz', 'Bruno Díaz']);
  await userEvent.setup().click(screen.getByRole('button', { name: /Alumno/ }));
  expect(onSortChange).toHaveBeenCalledWith({ column: 'last_name', direction: 'descending' });
});

test('no rows shows the empty state instead of an empty table', () => {
  renderThemed(
    <DataTable
      caption="Cargos"
      columns={columns}
      rows={[]}
      rowKey={(c) => c.id}
      empty={<p>Aún no hay cargos</p>}
    />,
  );
  expect(screen.queryByRole('table')).toBeNull();
  expect(screen.getByText('Aún no hay cargos')).toBeVisible();
});

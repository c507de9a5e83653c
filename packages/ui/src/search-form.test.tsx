import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { SearchForm } from '@cuota/ui/search-form';
import { renderThemed } from '@cuota/ui/test-support/render-themed';

test('a named search landmark: the labelled box is sent trimmed with Buscar or Enter', async () => {
  const onSearch = jest.fn();
  renderThemed(
    <SearchForm name="Buscar facturas" hint="RFC, nombre o folio" onSearch={onSearch} />,
  );
  const user = userEvent.setup();

  const form = screen.getByRole('search', { name: 'Buscar facturas' });
  const box = within(form).getByRole('textbox', { name: 'Buscar' });
  expect(box).toHaveAccessibleDescription('RFC, nombre o folio');
  await user.type(box, '  LOPM800101AB8 ');
  expect(onSearch).not.toHaveBeenCalled();
  await user.click(within(form).getByRole('button', { name: 'Buscar' }));
  expect(onSearch).toHaveBeenLastCalledWith('LOPM800101AB8');

  await user.clear(box);
  await user.type(box, 'López{Enter}');
  expect(onSearch).toHaveBeenLastCalledWith('López');
  await user.clear(box);
  await user.keyboard('{Enter}');
  expect(onSearch).toHaveBeenLastCalledWith('');
});

test('the box starts with the current search and follows it when it changes elsewhere', async () => {
  const form = (value: string) => (
    <SearchForm
      name="Buscar alumnos"
      label="Alumno"
      hint="Nombre"
      value={value}
      onSearch={jest.fn()}
    >
      <label>
        Nivel
        <select>
          <option>Todos</option>
        </select>
      </label>
    </SearchForm>
  );
  const { rerender } = renderThemed(form('García'));
  const box = screen.getByRole('textbox', { name: 'Alumno' });
  expect(box).toHaveValue('García');
  await userEvent.setup().type(box, ' Ruiz');

  rerender(form('Pérez'));
  expect(box).toHaveValue('Pérez');
  expect(
    within(screen.getByRole('search', { name: 'Buscar alumnos' })).getByRole('combobox', {
      name: 'Nivel',
    }),
  ).toBeVisible();
});

test('with onType each change is reported trimmed, and the search it makes keeps the box', async () => {
  const onType = jest.fn();
  const form = (value: string) => (
    <SearchForm name="Buscar tutores" value={value} onSearch={jest.fn()} onType={onType} />
  );
  const { rerender } = renderThemed(form(''));
  const box = screen.getByRole('textbox', { name: 'Buscar' });

  await userEvent.setup().type(box, 'Ana ');
  expect(onType.mock.calls.map(([text]) => text)).toEqual(['A', 'An', 'Ana', 'Ana']);

  // The list now searches «Ana»: the space typed after it stays for the next word.
  rerender(form('Ana'));
  expect(box).toHaveValue('Ana ');
});

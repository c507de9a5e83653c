import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { FilterSelect } from '@cuota/ui/filter-select';
import { renderThemed } from '@cuota/ui/test-support/render-themed';

const LEVELS = [
  { value: 'primaria', label: 'Primaria', count: 120 },
  { value: 'secundaria', label: 'Secundaria', count: 80 },
] as const;

test('a labelled select: «all» first, each choice with the rows it leaves', async () => {
  const onChange = jest.fn();
  renderThemed(
    <FilterSelect label="Nivel" value="primaria" options={LEVELS} onChange={onChange} />,
  );
  const select = screen.getByRole('combobox', { name: 'Nivel' });
  expect(select).toHaveValue('primaria');
  expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual([
    'Todos',
    'Primaria (120)',
    'Secundaria (80)',
  ]);

  const user = userEvent.setup();
  await user.selectOptions(select, 'secundaria');
  expect(onChange).toHaveBeenLastCalledWith('secundaria');
  await user.selectOptions(select, 'Todos');
  expect(onChange).toHaveBeenLastCalledWith(undefined);
});

test('without counts the labels stand alone; «all» can be named to agree with the label', () => {
  renderThemed(
    <FilterSelect
      label="Situación"
      all="Todas"
      value={undefined}
      options={[{ value: 'vencido', label: 'Vencido' }]}
      onChange={jest.fn()}
    />,
  );
  expect(screen.getByRole('combobox', { name: 'Situación' })).toHaveValue('');
  expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual(['Todas', 'Vencido']);
});

import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MoneyField } from '@cuota/ui/money-field';
import { MoneyText } from '@cuota/ui/money-text';
import { renderThemed } from '@cuota/ui/test-support/render-themed';

test('typed pesos come back as integer centavos; a bad amount says so on leaving', async () => {
  const onChange = jest.fn<void, [number | null]>();
  renderThemed(<MoneyField label="Monto" value={null} onChange={onChange} />);
  const user = userEvent.setup();
  const input = screen.getByLabelText('Monto');

  await user.type(input, '1,250.5');
  expect(onChange).toHaveBeenLastCalledWith(125050);

  await user.clear(input);
  await user.type(input, '12.345');
  expect(onChange).toHaveBeenLastCalledWith(null);
  expect(screen.queryByRole('alert')).toBeNull();
  await user.tab();
  expect(screen.getByRole('alert')).toHaveTextContent('Escribe una cantidad en pesos');
});

test('an amount on screen carries its exact decimal value', () => {
  renderThemed(<MoneyText centavos={123450} />);
  const amount = screen.getByText('$1,234.50');
  expect(amount.tagName).toBe('DATA');
  expect(amount).toHaveAttribute('value', '1234.50');
});

import { render, screen } from '@testing-library/react';
import { ThemeProvider } from 'styled-components';
import { TextField } from '@cuota/ui/text-field';
import { theme } from '@cuota/ui/theme';

test('the input is named by its label and described by its hint and error', () => {
  render(
    <ThemeProvider theme={theme}>
      <TextField label="RFC" hint="13 caracteres" error="El RFC no es válido." defaultValue="X" />
    </ThemeProvider>,
  );

  const input = screen.getByLabelText('RFC');
  expect(input).toHaveAttribute('aria-invalid', 'true');
  expect(input).toHaveAccessibleDescription('13 caracteres El RFC no es válido.');
  expect(screen.getByRole('alert')).toHaveTextContent('El RFC no es válido.');
});

import { render, screen } from '@testing-library/react';
import { ThemeProvider } from 'styled-components';
import { TextAreaField, TextField } from '@cuota/ui/text-field';
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

test('a text area is named and described the same way', () => {
  render(
    <ThemeProvider theme={theme}>
      <TextAreaField
        label="Aviso de privacidad"
        hint="De 200 a 20,000 caracteres"
        error="El aviso de privacidad es demasiado corto."
        defaultValue="Breve"
      />
    </ThemeProvider>,
  );

  const area = screen.getByRole('textbox', { name: 'Aviso de privacidad' });
  expect(area.tagName).toBe('TEXTAREA');
  expect(area).toHaveAttribute('aria-invalid', 'true');
  expect(area).toHaveAccessibleDescription(
    'De 200 a 20,000 caracteres El aviso de privacidad es demasiado corto.',
  );
});

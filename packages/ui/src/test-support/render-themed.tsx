import type { ReactElement } from 'react';
import { render } from '@testing-library/react';
import { ThemeProvider } from 'styled-components';
import { theme } from '@cuota/ui/theme';

/** Renders a component inside the theme, as every page has it. */
export function renderThemed(element: ReactElement) {
  const view = render(<ThemeProvider theme={theme}>{element}</ThemeProvider>);
  return {
    ...view,
    rerender: (next: ReactElement) =>
      view.rerender(<ThemeProvider theme={theme}>{next}</ThemeProvider>),
  };
}

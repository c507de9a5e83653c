import { createGlobalStyle } from 'styled-components';
import { onPaper } from '@cuota/ui/theme';

export const GlobalStyle = createGlobalStyle`
  *, *::before, *::after { box-sizing: border-box; }
  body {
    margin: 0;
    font-family: ${({ theme }) => theme.fonts.body};
    color: ${({ theme }) => theme.colors.text};
    background: ${({ theme }) => theme.colors.background};
    line-height: 1.5;
  }
  /* White paper, not the screen's grey: a printed page's background is the paper's. */
  ${onPaper} {
    body { background: none; }
  }
  :focus-visible {
    outline: 3px solid ${({ theme }) => theme.colors.focus};
    outline-offset: 2px;
  }
`;

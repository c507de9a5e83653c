import { createRoot } from 'react-dom/client';
import { MemoryRouter } from 'react-router';
import { createGlobalStyle, StyleSheetManager, ThemeProvider } from 'styled-components';
import { theme } from '@cuota/ui/theme';
import { setApiOrigin } from '@cuota/web-core/api/api-origin';
import type { StoreEmbedOptions } from '@cuota/web-core/embed/store-embed';
import { CartProvider } from '../features/shop/components/cart-context';
import { storePath } from '../features/shop/utils/store-paths';
import { EmbeddedStore } from './embedded-store';

/** The shell's global style, scoped to the element: the page around it keeps its own. */
const HostStyle = createGlobalStyle`
  :host {
    display: block;
    font-family: ${({ theme }) => theme.fonts.body};
    color: ${({ theme }) => theme.colors.text};
    line-height: 1.5;
  }
  *, *::before, *::after { box-sizing: border-box; }
  :focus-visible {
    outline: 3px solid ${({ theme }) => theme.colors.focus};
    outline-offset: 2px;
  }
`;

/**
 * The store embed's `./embed` (ADR 0093, 0102): the store in a `<cuota-store>` element's shadow
 * root, with its own router and styles (styled-components writes into the shadow root, so no
 * rule crosses it either way). The router lives in memory: the school's page keeps its URL. No
 * Redux store: the element's one read is `useCatalogue`'s.
 */
export function mountStore(root: ShadowRoot, { schoolId, apiOrigin }: StoreEmbedOptions) {
  setApiOrigin(apiOrigin);
  const container = document.createElement('div');
  root.replaceChildren(container);
  const app = createRoot(container);
  app.render(
    <StyleSheetManager target={root}>
      <ThemeProvider theme={theme}>
        <HostStyle />
        <MemoryRouter initialEntries={[storePath(schoolId)]}>
          <CartProvider schoolId={schoolId}>
            <EmbeddedStore schoolId={schoolId} apiOrigin={apiOrigin} />
          </CartProvider>
        </MemoryRouter>
      </ThemeProvider>
    </StyleSheetManager>,
  );
  return () => app.unmount();
}

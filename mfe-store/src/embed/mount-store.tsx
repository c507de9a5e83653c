import { createRoot } from 'react-dom/client';
import { Provider } from 'react-redux';
import { MemoryRouter } from 'react-router';
import { createGlobalStyle, StyleSheetManager, ThemeProvider } from 'styled-components';
import { theme } from '@cuota/ui/theme';
import { setApiOrigin } from '@cuota/web-core/api/api-origin';
import type { StoreEmbedOptions } from '@cuota/web-core/embed/store-embed';
import { createAppStore } from '@cuota/web-core/store';
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
 * `mfe_store/embed` (ADR 0093): the store in a `<cuota-store>` element's shadow root, with its
 * own store, router and styles (styled-components writes into the shadow root, so no rule
 * crosses it either way). The router lives in memory: the school's page keeps its URL.
 */
export function mountStore(root: ShadowRoot, { schoolId, apiOrigin }: StoreEmbedOptions) {
  setApiOrigin(apiOrigin);
  const container = document.createElement('div');
  root.replaceChildren(container);
  const app = createRoot(container);
  app.render(
    <Provider store={createAppStore()}>
      <StyleSheetManager target={root}>
        <ThemeProvider theme={theme}>
          <HostStyle />
          <MemoryRouter initialEntries={[storePath(schoolId)]}>
            <CartProvider schoolId={schoolId}>
              <EmbeddedStore schoolId={schoolId} apiOrigin={apiOrigin} />
            </CartProvider>
          </MemoryRouter>
        </ThemeProvider>
      </StyleSheetManager>
    </Provider>,
  );
  return () => app.unmount();
}

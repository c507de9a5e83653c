import { StrictMode } from 'react';
import { Provider } from 'react-redux';
import { RouterProvider, type DataRouter } from 'react-router';
import { ThemeProvider } from 'styled-components';
import { GlobalStyle } from '@cuota/ui/global-style';
import { theme } from '@cuota/ui/theme';
import type { AppStore } from '@cuota/web-core/store';

export interface AppProps {
  store: AppStore;
  router: DataRouter;
}

/** Everything the remotes rely on comes from here: store, theme and router. */
export function App({ store, router }: AppProps) {
  return (
    <StrictMode>
      <Provider store={store}>
        <ThemeProvider theme={theme}>
          <GlobalStyle />
          <RouterProvider router={router} />
        </ThemeProvider>
      </Provider>
    </StrictMode>
  );
}

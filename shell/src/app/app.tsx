import { StrictMode } from 'react';
import { Provider } from 'react-redux';
import { BrowserRouter } from 'react-router';
import { ThemeProvider } from 'styled-components';
import { GlobalStyle } from '@cuota/ui/global-style';
import { theme } from '@cuota/ui/theme';
import type { AppStore } from '@cuota/web-core/store';
import { AppRoutes } from './router';

export interface AppProps {
  store: AppStore;
}

/** Everything the remotes rely on comes from here: store, theme and router. */
export function App({ store }: AppProps) {
  return (
    <StrictMode>
      <Provider store={store}>
        <ThemeProvider theme={theme}>
          <GlobalStyle />
          <BrowserRouter>
            <AppRoutes />
          </BrowserRouter>
        </ThemeProvider>
      </Provider>
    </StrictMode>
  );
}

import type { ReactElement } from 'react';
import { render } from '@testing-library/react';
import { Provider } from 'react-redux';
import { createMemoryRouter, RouterProvider, useLocation, type RouteObject } from 'react-router';
import { ThemeProvider } from 'styled-components';
import type { Session } from '@cuota/contracts/identity/session';
import { theme } from '@cuota/ui/theme';
import type { GlobalState } from '@cuota/web-core/global-state/global-state-slice';
import { sessionLoaded } from '@cuota/web-core/session/session-slice';
import { createAppStore } from '@cuota/web-core/store';

/** Where a redirect landed, for routes a test does not render itself. */
function LocationProbe() {
  const { pathname, search } = useLocation();
  return <p data-testid="location">{pathname + search}</p>;
}

export interface RenderOptions {
  /** The URL the page opens at. */
  url: string;
  /** The route pattern `element` answers (the shell's mount point for a remote). */
  path: string;
  /** Session already loaded; leave out to keep the status `loading`. */
  session?: Session | null;
  globalState?: GlobalState;
  routes?: RouteObject[];
}

/** Renders a page the way the shell does: one store, the theme, a router. */
export function renderWithProviders(element: ReactElement, options: RenderOptions) {
  const store = createAppStore({ globalState: options.globalState });
  if (options.session !== undefined) store.dispatch(sessionLoaded(options.session));
  const router = createMemoryRouter(
    [
      { path: options.path, element },
      ...(options.routes ?? []),
      { path: '*', element: <LocationProbe /> },
    ],
    { initialEntries: [options.url] },
  );
  const view = render(
    <Provider store={store}>
      <ThemeProvider theme={theme}>
        <RouterProvider router={router} />
      </ThemeProvider>
    </Provider>,
  );
  return { ...view, store, router };
}

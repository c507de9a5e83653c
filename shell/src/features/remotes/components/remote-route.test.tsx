/** @jest-environment @cuota/web-core/test-support/jsdom-environment */
import { act, fireEvent, screen } from '@testing-library/react';
import { loadRemote, registerRemotes } from '@module-federation/enhanced/runtime';
import { renderWithProviders } from '@cuota/web-core/test-support/render-with-providers';
import { preloadPage, preloadRemoteApp, registerRemoteEntries } from '../api/remote-registry';
import { RemoteRoute } from './remote-route';

// The federation boundary: what the runtime would fetch from the remote's server.
jest.mock('@module-federation/enhanced/runtime', () => ({
  loadRemote: jest.fn(),
  registerRemotes: jest.fn(),
}));
const loadRemoteMock = jest.mocked(loadRemote);

function Storefront() {
  return <h1>Tienda escolar</h1>;
}

function Broken(): never {
  throw new Error('la tienda falló al dibujarse');
}

// A remote loads asynchronously: React only resolves what suspended inside an awaited act.
async function renderRoutes(url: string) {
  return act(async () =>
    renderWithProviders(<RemoteRoute name="mfe_store" />, {
      url,
      path: '/store/*',
      session: null,
      routes: [{ path: '/dashboard/*', element: <RemoteRoute name="mfe_dashboard" /> }],
    }),
  );
}

beforeEach(() => {
  jest.spyOn(console, 'error').mockImplementation(() => undefined);
  loadRemoteMock.mockReset();
});
afterEach(() => jest.restoreAllMocks());

test('mounts the remote App its route names', async () => {
  loadRemoteMock.mockResolvedValue({ default: Storefront });
  await renderRoutes('/store');

  expect(await screen.findByRole('heading', { name: 'Tienda escolar' })).toBeInTheDocument();
  expect(loadRemoteMock).toHaveBeenCalledWith('mfe_store/App');
});

test('a remote that fails to load shows its Spanish fallback, and Reintentar loads it again', async () => {
  registerRemoteEntries([{ name: 'mfe_store', entry: 'http://cdn/store/mf-manifest.json' }]);
  loadRemoteMock.mockRejectedValueOnce(new Error('Failed to fetch'));
  loadRemoteMock.mockResolvedValueOnce({ default: Storefront });
  await renderRoutes('/store');

  const fallback = await screen.findByTestId('remote-fallback-mfe_store');
  expect(fallback).toHaveAttribute('role', 'alert');
  expect(fallback).toHaveTextContent('La tienda no está disponible en este momento.');
  expect(fallback).toHaveTextContent('Intenta de nuevo en unos minutos.');
  // The surface's header and heading still say where the visitor is.
  expect(screen.getByRole('banner')).toHaveTextContent('CuotaTienda escolar');
  expect(screen.getByRole('heading', { name: 'Tienda escolar', level: 1 })).toBeVisible();
  expect(screen.getByRole('link', { name: 'Saltar al contenido' })).toBeInTheDocument();

  await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Reintentar' })));

  expect(await screen.findByRole('heading', { name: 'Tienda escolar' })).toBeInTheDocument();
  // The retry drops the runtime's cache of the failed attempt.
  expect(registerRemotes).toHaveBeenLastCalledWith(
    [{ name: 'mfe_store', entry: 'http://cdn/store/mf-manifest.json' }],
    { force: true },
  );
});

test('a remote that throws while rendering is contained in its own route', async () => {
  loadRemoteMock.mockImplementation(async (id: string) =>
    id === 'mfe_store/App' ? { default: Broken } : { default: () => <h1>Panel escolar</h1> },
  );
  const { router } = await renderRoutes('/store');

  expect(await screen.findByTestId('remote-fallback-mfe_store')).toBeInTheDocument();

  await act(() => router.navigate('/dashboard'));
  expect(await screen.findByRole('heading', { name: 'Panel escolar' })).toBeInTheDocument();
});

test('the route takes the load the shell started before it rendered, once', async () => {
  loadRemoteMock.mockResolvedValue({ default: Storefront });
  preloadRemoteApp('mfe_store');
  const { router } = await renderRoutes('/store');

  expect(await screen.findByRole('heading', { name: 'Tienda escolar' })).toBeInTheDocument();
  const storeLoads = () => loadRemoteMock.mock.calls.filter(([id]) => id === 'mfe_store/App');
  expect(storeLoads()).toHaveLength(1);

  // Leaving and coming back asks the runtime again (it has the module cached by then).
  await act(() => router.navigate('/dashboard'));
  await act(() => router.navigate('/store'));
  expect(await screen.findByRole('heading', { name: 'Tienda escolar' })).toBeInTheDocument();
  expect(storeLoads()).toHaveLength(2);
});

test('an App preloaded with its page is drawn once the page’s own code is in too', async () => {
  let pageIn: (module: unknown) => void = () => undefined;
  loadRemoteMock.mockImplementation((id: string) =>
    id === 'mfe_store/App'
      ? Promise.resolve({ default: Storefront })
      : new Promise((resolve) => (pageIn = resolve)),
  );
  preloadRemoteApp('mfe_store', loadRemoteMock('mfe_store/page/home'));
  await renderRoutes('/store');
  await act(() => new Promise((r) => setTimeout(r, 50)));
  expect(screen.queryByRole('heading', { name: 'Tienda escolar' })).toBeNull();
  await act(async () => pageIn({}));
  expect(await screen.findByRole('heading', { name: 'Tienda escolar' })).toBeInTheDocument();
});

test('the page opened has its own code asked for beside the App; pages without any do not', () => {
  loadRemoteMock.mockResolvedValue({ default: Storefront });
  for (const [remote, path] of [
    ['mfe_portal', '/guardians/abc/payments'],
    ['mfe_portal', '/guardians/abc/payments/history/'],
    ['mfe_portal', '/guardians/abc/students'],
    ['mfe_dashboard', '/dashboard'],
    ['mfe_dashboard', '/dashboard/students'],
    ['mfe_store', '/store'],
  ] as const)
    void preloadPage(remote, path);
  expect(loadRemoteMock.mock.calls.map(([id]) => id)).toEqual([
    'mfe_portal/page/payments',
    'mfe_portal/page/payments-history',
    'mfe_dashboard/page/home',
  ]);
});

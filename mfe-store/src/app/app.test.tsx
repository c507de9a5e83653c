/** @jest-environment @cuota/web-core/test-support/jsdom-environment */
import { screen } from '@testing-library/react';
import { renderWithProviders } from '@cuota/web-core/test-support/render-with-providers';
import StoreApp from './app';

test('the store front page is in Spanish and says plainly that nothing is for sale yet', () => {
  renderWithProviders(<StoreApp />, { url: '/store', path: '/store/*', session: null });

  expect(screen.getByRole('heading', { name: 'Tienda escolar', level: 1 })).toBeVisible();
  expect(screen.getByText('Aún no hay productos disponibles')).toBeVisible();
  expect(screen.getByTestId('mfe_store-build-label')).not.toBeVisible();
});

test('an unknown store page goes to the not-found page', () => {
  const { router } = renderWithProviders(<StoreApp />, {
    url: '/store/nada/otra?utm_source=web',
    path: '/store/*',
    session: null,
  });

  expect(router.state.location.pathname).toBe('/404');
  expect(router.state.location.search).toBe('?utm_source=web');
});

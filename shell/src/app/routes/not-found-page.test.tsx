/** @jest-environment @cuota/web-core/test-support/jsdom-environment */
import { screen } from '@testing-library/react';
import { renderWithProviders } from '@cuota/web-core/test-support/render-with-providers';
import { GUARDIAN_HASH, guardianSession } from '@cuota/web-core/test-support/session-fixtures';
import { LandingPage } from './landing-page';
import { NotFoundPage } from './not-found-page';

test('a family that gets lost goes back to its portal, not to the public page', () => {
  renderWithProviders(<NotFoundPage />, { url: '/404', path: '/404', session: guardianSession() });
  expect(screen.getByRole('link', { name: 'Ir a tu portal' })).toHaveAttribute(
    'href',
    `/guardians/${GUARDIAN_HASH}`,
  );
  expect(document.title).toBe('Página no encontrada · Cuota');
});

test('someone signed out goes to the public page', () => {
  renderWithProviders(<NotFoundPage />, { url: '/404', path: '/404', session: null });
  expect(screen.getByRole('link', { name: 'Ir al inicio' })).toHaveAttribute('href', '/');
});

test('the public page leads a signed-in family back to its portal', () => {
  renderWithProviders(<LandingPage />, { url: '/', path: '/', session: guardianSession() });
  for (const link of screen.getAllByRole('link', { name: 'Ir a tu portal' }))
    expect(link).toHaveAttribute('href', `/guardians/${GUARDIAN_HASH}`);
  expect(screen.getByRole('link', { name: 'Entrar al panel escolar' })).toHaveAttribute(
    'href',
    '/dashboard/login',
  );
});

test("a reminder's link takes a signed-in family to its portal with the notification", () => {
  const { router } = renderWithProviders(<LandingPage />, {
    url: '/?notification_id=n-7&utm_source=correo',
    path: '*',
    session: guardianSession(),
  });
  expect(router.state.location.pathname).toBe(`/guardians/${GUARDIAN_HASH}`);
  expect(router.state.location.search).toBe('?notification_id=n-7&utm_source=correo');
  expect(router.state.historyAction).toBe('REPLACE');
});

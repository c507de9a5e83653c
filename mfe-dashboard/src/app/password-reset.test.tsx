/** @jest-environment @cuota/web-core/test-support/jsdom-environment */
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  PASSWORD_RESET_REQUESTED,
  PASSWORD_RESET_UNUSABLE,
} from '@cuota/contracts/enrolment/staff-users';
import type { StaffIdentity } from '@cuota/contracts/identity/sign-in';
import { forgetCsrfToken } from '@cuota/web-core/api/csrf';
import { apiErrorResponse, stubFetch } from '@cuota/web-core/test-support/fetch-stub';
import { renderWithProviders } from '@cuota/web-core/test-support/render-with-providers';
import { staffSession } from '@cuota/web-core/test-support/session-fixtures';
import DashboardApp from './app';
import { schoolDetail } from '../test-support/school-detail-fixture';

const TOKEN = 'Zk3n9Qx_7bLw-2VtY5pR8sHc1JmA4eUoDgKiNfTyWqE';
const me: StaffIdentity = {
  id: 'user-1',
  name: 'Lucía Admisiones',
  email: 'lucia@colegio.mx',
  memberships: [{ school_id: 'school-1', school_name: 'Colegio del Valle', role: 'ADMISSIONS' }],
};

const signedOutAt = (url: string) =>
  renderWithProviders(<DashboardApp />, { url, path: '/dashboard/*', session: null });

async function choosePassword(password: string, confirmation = password) {
  const user = userEvent.setup();
  await user.type(await screen.findByLabelText('Contraseña nueva'), password);
  await user.type(screen.getByLabelText('Confirma la contraseña'), confirmation);
  await user.click(screen.getByRole('button', { name: 'Guardar contraseña y entrar' }));
}

beforeEach(() => forgetCsrfToken());

test('from the sign-in page, «¿Olvidaste tu contraseña?» asks the e-mail and says the same for any', async () => {
  const network = stubFetch()
    .on('GET', '/api/auth/csrf', { csrfToken: 'csrf-1' })
    .on('POST', '/api/auth/password-reset', { message: PASSWORD_RESET_REQUESTED });
  const { router } = signedOutAt('/dashboard/login');
  const user = userEvent.setup();

  await user.click(await screen.findByRole('link', { name: '¿Olvidaste tu contraseña?' }));
  expect(router.state.location.pathname).toBe('/dashboard/olvide-mi-contrasena');
  expect(await screen.findByRole('heading', { name: '¿Olvidaste tu contraseña?' })).toBeVisible();
  await user.type(screen.getByLabelText('Correo electrónico'), 'lucia@colegio.mx');
  await user.click(screen.getByRole('button', { name: 'Enviar enlace' }));

  const answer = await screen.findByRole('status');
  expect(answer).toHaveTextContent(PASSWORD_RESET_REQUESTED);
  expect(answer).toHaveFocus();
  const [sent] = network.sent('POST', '/api/auth/password-reset');
  expect(sent!.headers.get('x-csrf-token')).toBe('csrf-1');
  expect(await sent!.json()).toEqual({ email: 'lucia@colegio.mx' });
  expect(screen.getByRole('link', { name: 'Volver a iniciar sesión' })).toBeVisible();
});

test('the e-mailed link sets the new password and opens the dashboard signed in', async () => {
  const network = stubFetch()
    .on('GET', '/api/auth/csrf', { csrfToken: 'csrf-1' })
    .on('POST', '/api/auth/password-reset/confirm', staffSession())
    .on('GET', '/api/auth/session', staffSession())
    .on('GET', '/api/v1/users/me/', me)
    .on('GET', '/api/v1/schools/school-1/', schoolDetail({ name: 'Colegio del Valle' }));
  const { router } = signedOutAt(`/dashboard/restablecer-contrasena/${TOKEN}`);
  expect(await screen.findByRole('heading', { name: 'Elige una contraseña nueva' })).toBeVisible();

  await choosePassword('lucia-nueva-2026');

  await screen.findByTestId('school-name');
  expect(router.state.location.pathname).toBe('/dashboard');
  const [sent] = network.sent('POST', '/api/auth/password-reset/confirm');
  expect(await sent!.json()).toEqual({ token: TOKEN, password: 'lucia-nueva-2026' });
});

test('a short or mismatched password is explained before anything is sent', async () => {
  const network = stubFetch().on('GET', '/api/auth/csrf', { csrfToken: 'csrf-1' });
  signedOutAt(`/dashboard/restablecer-contrasena/${TOKEN}`);

  await choosePassword('corta');
  expect(await screen.findByRole('alert')).toHaveTextContent(
    'La contraseña debe tener al menos 10 caracteres.',
  );
  expect(network.sent('POST', '/api/auth/password-reset/confirm')).toHaveLength(0);
});

test('a spent or expired link says so in Spanish and offers a new one', async () => {
  stubFetch()
    .on('GET', '/api/auth/csrf', { csrfToken: 'csrf-1' })
    .on('POST', '/api/auth/password-reset/confirm', () =>
      apiErrorResponse(404, 'NOT_FOUND', PASSWORD_RESET_UNUSABLE),
    );
  const { router } = signedOutAt(`/dashboard/restablecer-contrasena/${TOKEN}`);

  await choosePassword('lucia-nueva-2026');

  expect(await screen.findByRole('alert')).toHaveTextContent(PASSWORD_RESET_UNUSABLE);
  expect(router.state.location.pathname).toBe(`/dashboard/restablecer-contrasena/${TOKEN}`);
  expect(screen.getByRole('link', { name: 'Pedir otro enlace' })).toHaveAttribute(
    'href',
    '/dashboard/olvide-mi-contrasena',
  );
});

/** @jest-environment @cuota/web-core/test-support/jsdom-environment */
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { INVITATION_UNUSABLE } from '@cuota/contracts/enrolment/staff-users';
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

// The invitation page and Inicio's figures are lazy chunks: transforming their modules the first
// time can take seconds on a busy CI machine, longer than a screen query waits (as app.test.tsx).
beforeAll(() =>
  Promise.all([
    import('../features/auth/components/invitation-page'),
    import('../features/home/home-page'),
  ]),
);

const renderInvitation = () =>
  renderWithProviders(<DashboardApp />, {
    url: `/dashboard/invitacion/${TOKEN}`,
    path: '/dashboard/*',
    session: null,
  });

async function fill(name: string, password: string, confirmation = password) {
  const user = userEvent.setup();
  await user.type(await screen.findByLabelText('Nombre completo'), name);
  await user.type(screen.getByLabelText('Contraseña nueva'), password);
  await user.type(screen.getByLabelText('Confirma la contraseña'), confirmation);
  await user.click(screen.getByRole('button', { name: 'Crear contraseña y entrar' }));
}

beforeEach(() => forgetCsrfToken());

test('signed out, the link asks name and password, posts them with the CSRF token and opens the dashboard', async () => {
  const network = stubFetch()
    .on('GET', '/api/auth/csrf', { csrfToken: 'csrf-1' })
    .on('POST', '/api/auth/invitation', staffSession())
    .on('GET', '/api/auth/session', staffSession())
    .on('GET', '/api/v1/users/me/', me)
    .on('GET', '/api/v1/schools/school-1/', schoolDetail({ name: 'Colegio del Valle' }));
  const { router } = renderInvitation();
  expect(await screen.findByRole('heading', { name: 'Crea tu contraseña' })).toBeVisible();

  await fill('  Lucía Admisiones ', 'lucia-clave-2026');

  await screen.findByTestId('school-name');
  expect(router.state.location.pathname).toBe('/dashboard');
  const [sent] = network.sent('POST', '/api/auth/invitation');
  expect(sent!.headers.get('x-csrf-token')).toBe('csrf-1');
  expect(await sent!.json()).toEqual({
    token: TOKEN,
    name: 'Lucía Admisiones',
    password: 'lucia-clave-2026',
  });
});

test('a short password or a different confirmation is explained before anything is sent', async () => {
  const network = stubFetch().on('GET', '/api/auth/csrf', { csrfToken: 'csrf-1' });
  renderInvitation();

  await fill('Lucía', 'corta');
  expect(await screen.findByRole('alert')).toHaveTextContent(
    'La contraseña debe tener al menos 10 caracteres.',
  );
  await userEvent.setup().clear(screen.getByLabelText('Contraseña nueva'));
  await userEvent.setup().type(screen.getByLabelText('Contraseña nueva'), 'una-clave-larga');
  await userEvent.setup().click(screen.getByRole('button', { name: 'Crear contraseña y entrar' }));
  expect(await screen.findByRole('alert')).toHaveTextContent('Las contraseñas no coinciden.');
  expect(network.sent('POST', '/api/auth/invitation')).toHaveLength(0);
});

test('an expired, used or unknown link shows the Spanish message and stays on the page', async () => {
  stubFetch()
    .on('GET', '/api/auth/csrf', { csrfToken: 'csrf-1' })
    .on('POST', '/api/auth/invitation', () =>
      apiErrorResponse(404, 'NOT_FOUND', INVITATION_UNUSABLE),
    );
  const { router } = renderInvitation();

  await fill('Lucía', 'una-clave-larga');

  expect(await screen.findByRole('alert')).toHaveTextContent(INVITATION_UNUSABLE);
  expect(router.state.location.pathname).toBe(`/dashboard/invitacion/${TOKEN}`);
});

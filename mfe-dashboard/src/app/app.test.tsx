/** @jest-environment @cuota/web-core/test-support/jsdom-environment */
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Session } from '@cuota/contracts/identity/session';
import type { StaffIdentity } from '@cuota/contracts/identity/sign-in';
import { forgetCsrfToken } from '@cuota/web-core/api/csrf';
import { jsonResponse, stubFetch } from '@cuota/web-core/test-support/fetch-stub';
import { renderWithProviders } from '@cuota/web-core/test-support/render-with-providers';
import { staffSession } from '@cuota/web-core/test-support/session-fixtures';
import { schoolDetail } from '../test-support/school-detail-fixture';
import DashboardApp from './app';

const me: StaffIdentity = {
  id: 'user-1',
  name: 'Ana Torres',
  email: 'ana@colegio.mx',
  memberships: [
    { school_id: 'school-1', school_name: 'Colegio Montessori del Valle', role: 'OWNER' },
    { school_id: 'school-2', school_name: 'Instituto Lomas', role: 'ACCOUNTANT' },
  ],
};

function stubDashboardServer() {
  return stubFetch()
    .on('GET', '/api/v1/users/me/', me)
    .on(
      'GET',
      '/api/v1/schools/school-1/',
      schoolDetail({ id: 'school-1', name: 'Colegio Montessori del Valle' }),
    )
    .on(
      'GET',
      '/api/v1/schools/school-2/',
      schoolDetail({ id: 'school-2', name: 'Instituto Lomas' }),
    );
}

function renderDashboard(page: string, session: Session | null = staffSession()) {
  return renderWithProviders(<DashboardApp />, {
    url: `/dashboard${page}`,
    path: '/dashboard/*',
    session,
  });
}

// The sign-in page is a lazy chunk: transforming its modules the first time can take seconds on a
// busy CI machine, longer than a screen query waits. Loaded once here, the tests wait for the
// screen, not for the compiler.
beforeAll(() => import('../features/auth/components/staff-login-page'));
beforeEach(() => forgetCsrfToken());

test('without a staff session the dashboard sends people to its login page', async () => {
  const { router } = renderDashboard('', null);

  expect(await screen.findByLabelText('Correo electrónico')).toBeVisible();
  expect(router.state.location.pathname).toBe('/dashboard/login');
});

test('a wrong password is refused with a Spanish message', async () => {
  stubFetch()
    .on('GET', '/api/auth/csrf', { csrfToken: 't' })
    .on('POST', '/api/auth/callback/staff-credentials', () =>
      jsonResponse(
        { url: 'http://localhost/api/auth/error?error=CredentialsSignin' },
        { status: 401 },
      ),
    );
  renderDashboard('/login', null);
  const user = userEvent.setup();

  await user.type(screen.getByLabelText('Correo electrónico'), 'ana@colegio.mx');
  await user.type(screen.getByLabelText('Contraseña'), 'equivocada');
  await user.click(screen.getByRole('button', { name: 'Iniciar sesión' }));

  expect(await screen.findByRole('alert')).toHaveTextContent(
    'El correo electrónico o la contraseña no son correctos.',
  );
});

test('signing in opens the home with the school and the role in Spanish', async () => {
  const network = stubDashboardServer()
    .on('GET', '/api/auth/csrf', { csrfToken: 't' })
    .on('POST', '/api/auth/callback/staff-credentials', { url: 'http://localhost/dashboard' })
    .on('GET', '/api/auth/session', staffSession());
  const { router } = renderDashboard('/login', null);
  const user = userEvent.setup();

  await user.type(screen.getByLabelText('Correo electrónico'), 'ana@colegio.mx');
  await user.type(screen.getByLabelText('Contraseña'), 'CuotaDemo2026!');
  await user.click(screen.getByRole('button', { name: 'Iniciar sesión' }));

  expect(await screen.findByTestId('school-name')).toHaveTextContent(
    'Colegio Montessori del Valle',
  );
  expect(router.state.location.pathname).toBe('/dashboard');
  expect(screen.getByText('Tu rol:')).toHaveTextContent('Tu rol: Propietario');
  const form = new URLSearchParams(
    await network.sent('POST', '/api/auth/callback/staff-credentials')[0]!.text(),
  );
  expect(form.get('email')).toBe('ana@colegio.mx');
  expect(form.get('password')).toBe('CuotaDemo2026!');
});

const twoSchools = staffSession({
  schools: [
    { id: 'school-1', name: 'Colegio Montessori del Valle' },
    { id: 'school-2', name: 'Instituto Lomas' },
  ],
  memberships: [
    { school_id: 'school-1', role: 'OWNER' },
    { school_id: 'school-2', role: 'ACCOUNTANT' },
  ],
});

test('someone in several schools can switch, and the choice is kept for the session', async () => {
  const network = stubDashboardServer();
  const { store } = renderDashboard('', twoSchools);
  const user = userEvent.setup();
  await screen.findByText('Operando');

  await user.selectOptions(screen.getByRole('combobox', { name: 'Escuela' }), 'Instituto Lomas');

  await screen.findByText('Contador', { selector: 'strong' });
  expect(screen.getByTestId('school-name')).toHaveTextContent('Instituto Lomas');
  expect(network.sent('GET', '/api/v1/schools/school-2/')).toHaveLength(1);
  expect(store.getState().globalState.selectedSchool).toBe('school-2');
  expect(document.title).toBe('Inicio · Instituto Lomas · Cuota');
  const table = screen.getByRole('table', { name: 'Tus escuelas' });
  expect(within(table).getAllByRole('row')).toHaveLength(3);
  // An accountant has no staff list: the menu follows the school picked.
  const menu = screen.getByRole('navigation', { name: 'Secciones del panel' });
  expect(within(menu).queryByRole('link', { name: 'Personal' })).toBeNull();
});

test('the menu groups what the role reaches by area and marks where you are', async () => {
  stubDashboardServer().on('GET', '/api/v1/dashboard/schools/school-1/cycles/', []);
  renderDashboard('/cycles');
  const menu = screen.getByRole('navigation', { name: 'Secciones del panel' });

  const areas = within(menu)
    .getAllByRole('list')
    .map((list) => list.getAttribute('aria-labelledby') && list.textContent);
  expect(areas).toEqual([
    null,
    'Datos de la escuelaCiclos escolaresNiveles y grupos',
    'AlumnosAdmisionesImportar alumnos',
    'ConceptosGenerar órdenesAdeudosMorosidadPagosRegistrar pagoRecordatoriosTienda',
    'FacturasDatos fiscales',
    'Cierre de mes',
    'Personal',
  ]);
  expect(within(menu).getByRole('link', { name: 'Ciclos escolares' })).toHaveAttribute(
    'aria-current',
    'page',
  );
  expect(await screen.findByText('Aún no hay ciclos')).toBeVisible();
});

test('a section the role cannot open says so instead of showing its forms', async () => {
  stubDashboardServer();
  renderDashboard(
    '/imports',
    staffSession({ memberships: [{ school_id: 'school-1', role: 'OTHER' }] }),
  );

  expect(screen.getByRole('heading', { name: 'Importar alumnos', level: 1 })).toBeVisible();
  expect(screen.getByText('Tu rol no tiene acceso a esta sección')).toBeVisible();
  expect(screen.getByText(/Como Otro en Colegio Montessori del Valle/)).toBeVisible();
  expect(screen.queryByRole('button', { name: 'Importar' })).toBeNull();
  const menu = screen.getByRole('navigation', { name: 'Secciones del panel' });
  expect(within(menu).queryByRole('link', { name: 'Importar alumnos' })).toBeNull();
});

test('a page the role may read but not change says what it cannot do', async () => {
  stubDashboardServer().on('GET', '/api/v1/dashboard/schools/school-1/cycles/', []);
  renderDashboard(
    '/cycles',
    staffSession({ memberships: [{ school_id: 'school-1', role: 'OTHER' }] }),
  );

  expect(
    await screen.findByText(
      'Tu rol puede consultar esta sección, pero no crear ni activar ciclos.',
    ),
  ).toBeVisible();
  expect(screen.queryByRole('form', { name: /ciclo/i })).toBeNull();
});

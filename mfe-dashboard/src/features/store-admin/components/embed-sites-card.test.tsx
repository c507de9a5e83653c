/** @jest-environment @cuota/web-core/test-support/jsdom-environment */
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { forgetCsrfToken } from '@cuota/web-core/api/csrf';
import { apiErrorResponse, stubFetch } from '@cuota/web-core/test-support/fetch-stub';
import { renderWithProviders } from '@cuota/web-core/test-support/render-with-providers';
import { staffSession } from '@cuota/web-core/test-support/session-fixtures';
import { EmbedSitesCard } from './embed-sites-card';

const SITES = '/api/v1/dashboard/schools/school-1/embed-origins/';
const LABEL = 'Sitios registrados';
const render = (role: 'OWNER' | 'TREASURER' = 'OWNER') =>
  renderWithProviders(<EmbedSitesCard schoolId="school-1" />, {
    url: '/dashboard/store',
    path: '/dashboard/store',
    session: staffSession({ memberships: [{ school_id: 'school-1', role }] }),
  });
beforeEach(() => forgetCsrfToken());

test('an owner replaces the sites, one per line; the server says in Spanish what is wrong', async () => {
  const network = stubFetch()
    .on('GET', SITES, { origins: ['https://www.colegio.mx'] })
    .on('GET', '/api/auth/csrf', { csrfToken: 't' })
    .on('PUT', SITES, () =>
      apiErrorResponse(
        400,
        'VALIDATION_ERROR',
        'Escribe el origen del sitio como https://www.tuescuela.mx (sin ruta ni parámetros).',
      ),
    );
  render();
  const user = userEvent.setup();
  const field = await screen.findByDisplayValue('https://www.colegio.mx');
  await user.type(field, '\nhttps://colegio.mx/tienda');
  await user.click(screen.getByRole('button', { name: 'Guardar sitios' }));

  expect(await screen.findByText(/Escribe el origen del sitio como/)).toBeVisible();
  const [sent] = network.sent('PUT', SITES);
  expect(await sent!.json()).toEqual({
    origins: ['https://www.colegio.mx', 'https://colegio.mx/tienda'],
  });
  expect(screen.getByLabelText(LABEL)).toHaveValue(
    'https://www.colegio.mx\nhttps://colegio.mx/tienda',
  );
});

test('a treasurer sees the sites but cannot change them', async () => {
  stubFetch().on('GET', SITES, { origins: ['https://www.colegio.mx'] });
  render('TREASURER');
  expect(await screen.findByDisplayValue('https://www.colegio.mx')).toBeDisabled();
  expect(screen.getByRole('button', { name: 'Guardar sitios' })).toBeDisabled();
});

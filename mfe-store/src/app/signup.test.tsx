/** @jest-environment @cuota/web-core/test-support/jsdom-environment */
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Session } from '@cuota/contracts/identity/session';
import { SIGNUP_RECEIVED_MESSAGE } from '@cuota/contracts/enrolment/signup';
import { forgetCsrfToken } from '@cuota/web-core/api/csrf';
import { apiErrorResponse, jsonResponse, stubFetch } from '@cuota/web-core/test-support/fetch-stub';
import { renderWithProviders } from '@cuota/web-core/test-support/render-with-providers';
import StoreApp from './app';

const LEVELS = '/api/v1/schools/school-1/levels/';
const FACE = '/api/v1/schools/school-1/public/';
const face = {
  id: 'school-1',
  name: 'Colegio Montessori del Valle',
  legal_name: 'Educación Montessori del Valle, S.C.',
  address: 'Av. Insurgentes Sur 1234, Benito Juárez, CDMX',
  contact_email: 'privacidad@montessori.mx',
  contact_phone: null,
  logo_url: '/api/v1/schools/school-1/logo/?v=img-1',
  privacy_notice: null,
};
const SIGNUP = '/api/v1/schools/school-1/signup/';
const levels = [
  {
    id: 'l1',
    level: 'pre-school',
    name: 'Preescolar',
    position: 0,
    label: 'Preescolar',
    grades: [1, 2, 3],
  },
  {
    id: 'l2',
    level: 'elementary',
    name: 'Primaria',
    position: 1,
    label: 'Primaria',
    grades: [1, 2, 3, 4, 5, 6],
  },
];
const render = (session: Session | null = null, page = 'registro') =>
  renderWithProviders(<StoreApp />, {
    url: `/store/school-1/${page}`,
    path: '/store/*',
    session,
  });
beforeEach(() => forgetCsrfToken());

async function fillFamily() {
  const user = userEvent.setup();
  await user.type(await screen.findByLabelText('Nombre'), 'Marta');
  await user.type(screen.getByLabelText('Apellidos'), 'Núñez');
  await user.type(screen.getByLabelText('Correo electrónico'), 'marta@example.mx');
  await user.type(screen.getByLabelText('Nombre del alumno 1'), 'Leo');
  await user.type(screen.getByLabelText('Apellidos del alumno 1'), 'Núñez');
  return user;
}

test("the school's own levels are offered; missing data and the privacy notice are asked in Spanish", async () => {
  const network = stubFetch().on('GET', LEVELS, levels);
  render();
  const level = await screen.findByLabelText('Nivel del alumno 1');
  expect([...(level as HTMLSelectElement).options].map((o) => o.text)).toEqual([
    'Preescolar',
    'Primaria',
  ]);
  await userEvent.setup().click(screen.getByRole('button', { name: 'Enviar registro' }));
  expect(await screen.findByText('Escribe tu nombre.')).toBeVisible();
  expect(screen.getByText('Escribe el nombre del alumno.')).toBeVisible();
  expect(screen.getByText('Acepta el aviso de privacidad para continuar.')).toBeVisible();
  expect(network.sent('POST', SIGNUP)).toHaveLength(0);
});

test("two children are sent with the guardian, and the school's answer replaces the form", async () => {
  const network = stubFetch()
    .on('GET', LEVELS, levels)
    .on('GET', '/api/auth/csrf', { csrfToken: 't' })
    .on('POST', SIGNUP, () =>
      jsonResponse({ message: SIGNUP_RECEIVED_MESSAGE, registered: 2 }, { status: 201 }),
    );
  render();
  const user = await fillFamily();
  await user.click(screen.getByRole('button', { name: 'Agregar otro alumno' }));
  await user.type(screen.getByLabelText('Nombre del alumno 2'), 'Ana');
  await user.type(screen.getByLabelText('Apellidos del alumno 2'), 'Núñez');
  await user.selectOptions(screen.getByLabelText('Nivel del alumno 2'), 'Primaria');
  await user.click(screen.getByLabelText(/Acepto el aviso de privacidad/));
  await user.click(screen.getByRole('button', { name: 'Enviar registro' }));

  expect(await screen.findByText(SIGNUP_RECEIVED_MESSAGE)).toBeVisible();
  expect(screen.getByRole('heading', { name: '¡Listo!' })).toHaveFocus();
  expect(screen.queryByRole('button', { name: 'Enviar registro' })).toBeNull();
  const [sent] = network.sent('POST', SIGNUP);
  expect(sent!.headers.get('x-csrf-token')).toBe('t');
  expect(await sent!.json()).toEqual({
    guardian: {
      first_name: 'Marta',
      last_name: 'Núñez',
      email: 'marta@example.mx',
      phone: null,
      relationship: null,
    },
    students: [
      {
        first_name: 'Leo',
        last_name: 'Núñez',
        level: 'pre-school',
        section_id: null,
        gender: null,
        birth_date: null,
      },
      {
        first_name: 'Ana',
        last_name: 'Núñez',
        level: 'elementary',
        section_id: null,
        gender: null,
        birth_date: null,
      },
    ],
    privacy_accepted: true,
  });
});

test("the service's Spanish refusal is shown and the form keeps what was typed", async () => {
  stubFetch()
    .on('GET', LEVELS, levels)
    .on('GET', '/api/auth/csrf', { csrfToken: 't' })
    .on('POST', SIGNUP, () =>
      apiErrorResponse(
        429,
        'RATE_LIMITED',
        'Se enviaron demasiados registros desde esta red. Espera 1 hora.',
      ),
    );
  render();
  const user = await fillFamily();
  await user.click(screen.getByLabelText(/Acepto el aviso de privacidad/));
  await user.click(screen.getByRole('button', { name: 'Enviar registro' }));
  expect(
    await screen.findByText('Se enviaron demasiados registros desde esta red. Espera 1 hora.'),
  ).toBeVisible();
  expect(screen.getByLabelText('Nombre del alumno 1')).toHaveValue('Leo');
});

test('a school that is not public says so instead of a form', async () => {
  stubFetch().on('GET', LEVELS, () =>
    apiErrorResponse(404, 'NOT_FOUND', 'No encontramos esta escuela.'),
  );
  render();
  expect(await screen.findByText('Esta escuela no recibe registros en línea')).toBeVisible();
  await waitFor(() => expect(screen.queryByRole('button', { name: 'Enviar registro' })).toBeNull());
});

test("the privacy notice is a link to the store's notice page, opened in another tab", async () => {
  stubFetch().on('GET', LEVELS, levels);
  render();
  const link = await screen.findByRole('link', { name: /aviso de privacidad/ });
  expect(link).toHaveAttribute('href', '/store/school-1/aviso-de-privacidad');
  expect(link).toHaveAttribute('target', '_blank');
  expect(link).toHaveAccessibleName('aviso de privacidad (se abre en otra pestaña)');
});

test('a visitor, signed out, sees the school named and its logo, on the page and in the tab', async () => {
  stubFetch().on('GET', LEVELS, levels).on('GET', FACE, face);
  render();
  expect(
    await screen.findByText(/Solicita un lugar en Colegio Montessori del Valle/),
  ).toBeVisible();
  expect(
    screen.getByLabelText(/Acepto el aviso de privacidad.* de Colegio Montessori/),
  ).toBeVisible();
  expect(document.querySelector('header img')).toHaveAttribute('src', face.logo_url);
  expect(document.title).toBe('Registro de alumnos nuevos · Colegio Montessori del Valle · Cuota');
});

test('the default privacy notice names who is responsible, the data, the purposes, ARCO rights and how to reach the school', async () => {
  stubFetch().on('GET', FACE, face);
  render(null, 'aviso-de-privacidad');
  expect(screen.getByRole('heading', { name: 'Aviso de privacidad', level: 1 })).toBeVisible();
  const responsible = await screen.findByRole('region', {
    name: 'Quién es responsable de tus datos',
  });
  await waitFor(() =>
    expect(responsible).toHaveTextContent(
      'Educación Montessori del Valle, S.C. («Colegio Montessori del Valle») (en adelante, «la escuela») es responsable',
    ),
  );
  const sections = screen.getAllByRole('region').map((r) => r.getAttribute('aria-label'));
  expect(sections).toEqual([
    'Quién es responsable de tus datos',
    'Qué datos recabamos',
    'Para qué los usamos',
    'Con quién los compartimos',
    'Tus derechos ARCO',
    'Cómo contactar a la escuela',
  ]);
  expect(screen.getByRole('region', { name: 'Cómo contactar a la escuela' })).toHaveTextContent(
    'por correo electrónico a privacidad@montessori.mx; en su domicilio: Av. Insurgentes Sur 1234, Benito Juárez, CDMX.',
  );
  expect(screen.getByRole('link', { name: 'Aviso de privacidad' })).toHaveAttribute(
    'href',
    '/store/school-1/aviso-de-privacidad',
  );
});

test("a school's own notice replaces the default text", async () => {
  const own = 'Primer párrafo del aviso propio.\n\nSegundo párrafo: derechos ARCO en la dirección.';
  stubFetch().on('GET', FACE, { ...face, privacy_notice: own });
  render(null, 'aviso-de-privacidad');
  const notice = await screen.findByRole('region', {
    name: 'Aviso de privacidad de Colegio Montessori del Valle',
  });
  expect(notice.querySelectorAll('p')).toHaveLength(2);
  expect(notice).toHaveTextContent('Segundo párrafo: derechos ARCO en la dirección.');
  expect(screen.queryByRole('region', { name: 'Qué datos recabamos' })).toBeNull();
});

test('a school that takes no sign-ups still gets a notice that reads: the school is named generically', () => {
  stubFetch().on('GET', FACE, () =>
    apiErrorResponse(404, 'NOT_FOUND', 'No encontramos esta escuela.'),
  );
  render(null, 'aviso-de-privacidad');
  expect(
    screen.getByRole('region', { name: 'Quién es responsable de tus datos' }),
  ).toHaveTextContent('La escuela a la que solicitas el registro');
});

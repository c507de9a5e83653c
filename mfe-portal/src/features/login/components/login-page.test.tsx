/** @jest-environment @cuota/web-core/test-support/jsdom-environment */
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { forgetCsrfToken } from '@cuota/web-core/api/csrf';
import { apiErrorResponse, jsonResponse, stubFetch } from '@cuota/web-core/test-support/fetch-stub';
import { renderWithProviders } from '@cuota/web-core/test-support/render-with-providers';
import { GUARDIAN_HASH, guardianSession } from '@cuota/web-core/test-support/session-fixtures';
import { LoginPage } from './login-page';

const loginInfoPath = `/api/v1/guardians/login/${GUARDIAN_HASH}/`;
const utm = '?utm_source=correo';

function stubLoginServer() {
  return stubFetch()
    .on('GET', loginInfoPath, { first_name: 'María', email_hint: 'ma***@example.mx' })
    .on('GET', '/api/auth/csrf', { csrfToken: 'csrf-1' })
    .on('POST', '/api/v1/guardians/login/send_code/', {
      sent: true,
      email_hint: 'ma***@example.mx',
      expires_in_seconds: 600,
    });
}

const failedSignIn = (error: string) => () =>
  jsonResponse({ url: `http://localhost/api/auth/error?error=${error}` }, { status: 401 });

function renderLogin(search = utm) {
  return renderWithProviders(<LoginPage />, {
    url: `/guardians/${GUARDIAN_HASH}/login${search}`,
    path: '/guardians/:guardianHash/login',
    session: null,
  });
}

async function reachCodeStep() {
  const user = userEvent.setup();
  await user.click(await screen.findByRole('button', { name: 'Enviar código' }));
  await screen.findByLabelText('Código de acceso');
  return user;
}

beforeEach(() => forgetCsrfToken());

test("step 1 greets the link's owner and e-mails a code with the CSRF header", async () => {
  const network = stubLoginServer();
  renderLogin();

  expect(await screen.findByText('Hola, María.')).toBeInTheDocument();
  expect(screen.getByText('ma***@example.mx')).toBeInTheDocument();
  await reachCodeStep();

  const [sendCode] = network.sent('POST', '/api/v1/guardians/login/send_code/');
  expect(sendCode!.headers.get('x-csrf-token')).toBe('csrf-1');
  expect(await sendCode!.json()).toEqual({ guardian_hash: GUARDIAN_HASH });
  expect(screen.getByText(/Vence en 10 minutos/)).toBeInTheDocument();
});

test.each([
  ['CredentialsSignin', 'El código no es válido o ya expiró.'],
  ['CodeLocked', 'Demasiados intentos. Solicita un código nuevo.'],
  ['RateLimited', 'Demasiados intentos seguidos. Espera unos minutos e intenta de nuevo.'],
])('a sign-in refused with %s is explained in Spanish', async (error, message) => {
  stubLoginServer().on('POST', '/api/auth/callback/guardian-code', failedSignIn(error));
  renderLogin();
  const user = await reachCodeStep();

  await user.type(screen.getByLabelText('Código de acceso'), '000000');
  await user.click(screen.getByRole('button', { name: 'Entrar' }));

  expect(await screen.findByRole('alert')).toHaveTextContent(message);
});

test('a code that is not 6 digits is caught before it is sent', async () => {
  const network = stubLoginServer();
  renderLogin();
  const user = await reachCodeStep();

  await user.type(screen.getByLabelText('Código de acceso'), '12a3');
  await user.click(screen.getByRole('button', { name: 'Entrar' }));

  expect(await screen.findByRole('alert')).toHaveTextContent('El código tiene 6 dígitos.');
  expect(network.sent('POST', '/api/auth/callback/guardian-code')).toHaveLength(0);
});

test('the right code signs in, refreshes the session and opens the guardian home', async () => {
  const network = stubLoginServer()
    .on('POST', '/api/auth/callback/guardian-code', {
      url: `http://localhost/guardians/${GUARDIAN_HASH}`,
    })
    .on('GET', '/api/auth/session', guardianSession());
  const { router, store } = renderLogin();
  const user = await reachCodeStep();

  await user.type(screen.getByLabelText('Código de acceso'), '482913');
  await user.click(screen.getByRole('button', { name: 'Entrar' }));

  expect(await screen.findByTestId('location')).toHaveTextContent(
    `/guardians/${GUARDIAN_HASH}${utm}`,
  );
  expect(router.state.location.pathname).toBe(`/guardians/${GUARDIAN_HASH}`);
  expect(store.getState().session.status).toBe('authenticated');
  const form = new URLSearchParams(
    await network.sent('POST', '/api/auth/callback/guardian-code')[0]!.text(),
  );
  expect(form.get('guardian_hash')).toBe(GUARDIAN_HASH);
  expect(form.get('code')).toBe('482913');
});

test("signed in from a reminder's link: home opens with the reminder's notification_id", async () => {
  stubLoginServer()
    .on('POST', '/api/auth/callback/guardian-code', {
      url: `http://localhost/guardians/${GUARDIAN_HASH}`,
    })
    .on('GET', '/api/auth/session', guardianSession());
  const { router } = renderLogin(`${utm}&notification_id=n-7`);
  const user = await reachCodeStep();

  await user.type(screen.getByLabelText('Código de acceso'), '482913');
  await user.click(screen.getByRole('button', { name: 'Entrar' }));

  await screen.findByTestId('location');
  expect(router.state.location.pathname).toBe(`/guardians/${GUARDIAN_HASH}`);
  const search = new URLSearchParams(router.state.location.search);
  expect([search.get('notification_id'), search.get('utm_source')]).toEqual(['n-7', 'correo']);
});

test("the e-mail's link brings the code: one tap on «Entrar» signs in, nothing is sent first", async () => {
  const network = stubLoginServer()
    .on('POST', '/api/auth/callback/guardian-code', {
      url: `http://localhost/guardians/${GUARDIAN_HASH}`,
    })
    .on('GET', '/api/auth/session', guardianSession());
  const { router } = renderLogin('?code=482913');

  expect(await screen.findByLabelText('Código de acceso')).toHaveValue('482913');
  expect(screen.getByText(/Tu código ya está escrito/)).toBeVisible();
  expect(network.sent('POST', '/api/auth/callback/guardian-code')).toHaveLength(0);
  await userEvent.click(screen.getByRole('button', { name: 'Entrar' }));

  await screen.findByTestId('location');
  expect(router.state.location.pathname).toBe(`/guardians/${GUARDIAN_HASH}`);
  expect(network.sent('POST', '/api/v1/guardians/login/send_code/')).toHaveLength(0);
  const form = new URLSearchParams(
    await network.sent('POST', '/api/auth/callback/guardian-code')[0]!.text(),
  );
  expect(form.get('code')).toBe('482913');
});

test('after sending, focus is on the code field', async () => {
  stubLoginServer();
  renderLogin();
  await reachCodeStep();
  expect(screen.getByLabelText('Código de acceso')).toHaveFocus();
});

const tooSoon = () =>
  apiErrorResponse(
    429,
    'RATE_LIMITED',
    'Ya te enviamos un código. Espera 19 segundos para pedir otro.',
  );

test('a code sent moments ago (a reload, another tab): the field to type it, and the wait', async () => {
  stubLoginServer().on('POST', '/api/v1/guardians/login/send_code/', tooSoon);
  renderLogin();
  await userEvent.setup().click(await screen.findByRole('button', { name: 'Enviar código' }));

  expect(await screen.findByLabelText('Código de acceso')).toHaveFocus();
  expect(screen.getByText(/Ya te enviamos un código a ma\*\*\*@example.mx/)).toBeVisible();
  expect(
    screen.getByText('Ya te enviamos un código. Espera 19 segundos para pedir otro.', {
      selector: '[role="status"]',
    }),
  ).toBeVisible();
});

test('a family that already has a code can type it without asking for another', async () => {
  const network = stubLoginServer()
    .on('POST', '/api/auth/callback/guardian-code', {
      url: `http://localhost/guardians/${GUARDIAN_HASH}`,
    })
    .on('GET', '/api/auth/session', guardianSession());
  renderLogin();
  const user = userEvent.setup();
  await user.click(await screen.findByRole('button', { name: 'Ya tengo un código' }));
  await user.type(screen.getByLabelText('Código de acceso'), '482913');
  await user.click(screen.getByRole('button', { name: 'Entrar' }));

  expect(await screen.findByTestId('location')).toHaveTextContent(`/guardians/${GUARDIAN_HASH}`);
  expect(network.sent('POST', '/api/v1/guardians/login/send_code/')).toHaveLength(0);
});

test('asking again too soon shows the wait and keeps the field and what was typed', async () => {
  const network = stubLoginServer();
  renderLogin();
  const user = await reachCodeStep();
  await user.type(screen.getByLabelText('Código de acceso'), '4829');
  network.on('POST', '/api/v1/guardians/login/send_code/', tooSoon);

  await user.click(screen.getByRole('button', { name: 'Enviar otro código' }));

  expect(
    await screen.findByText('Ya te enviamos un código. Espera 19 segundos para pedir otro.', {
      selector: '[role="status"]',
    }),
  ).toBeVisible();
  expect(screen.getByLabelText('Código de acceso')).toHaveValue('4829');
});

test('an unknown link shows the not-found page', async () => {
  stubFetch().on('GET', loginInfoPath, () =>
    apiErrorResponse(404, 'NOT_FOUND', 'No encontramos este enlace.'),
  );
  renderLogin();

  expect(await screen.findByTestId('not-found')).toHaveTextContent('Este enlace no es válido');
});

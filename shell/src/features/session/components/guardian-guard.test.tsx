/** @jest-environment @cuota/web-core/test-support/jsdom-environment */
import { screen, waitFor } from '@testing-library/react';
import { renderWithProviders } from '@cuota/web-core/test-support/render-with-providers';
import { stubFetch } from '@cuota/web-core/test-support/fetch-stub';
import { GUARDIAN_HASH, guardianSession } from '@cuota/web-core/test-support/session-fixtures';
import { GuardianGuard } from './guardian-guard';

const home = `/guardians/${GUARDIAN_HASH}`;
const utm = '?utm_source=whatsapp&utm_campaign=enero';

function renderGuarded(url: string, session: Parameters<typeof guardianSession>[0] | null) {
  return renderWithProviders(
    <GuardianGuard>
      <p>Página del portal</p>
    </GuardianGuard>,
    {
      url,
      path: '/guardians/:guardianHash/*',
      session: session === null ? null : guardianSession(session),
      routes: [{ path: '/cookies-error', element: <p>Cookies bloqueadas</p> }],
    },
  );
}

beforeEach(() => {
  stubFetch().on('GET', /^\/api\/trpc\//, [{ result: { data: [] } }]);
});
afterEach(() => {
  jest.restoreAllMocks();
  localStorage.clear();
});

test('signed out: local storage is cleared and the login page opens, utm kept', async () => {
  localStorage.setItem('left-over', 'x');
  const { router } = renderGuarded(`${home}/students${utm}`, null);

  expect(await screen.findByText('Página del portal')).toBeInTheDocument();
  expect(router.state.location.pathname).toBe(`${home}/login`);
  expect(router.state.location.search).toBe(utm);
  expect(localStorage.getItem('left-over')).toBeNull();
});

test("signed out on a reminder's link: the login page keeps its notification_id", async () => {
  const { router } = renderGuarded(`${home}/payments${utm}&notification_id=n-7`, null);

  await screen.findByText('Página del portal');
  expect(router.state.location.pathname).toBe(`${home}/login`);
  expect(new URLSearchParams(router.state.location.search).get('notification_id')).toBe('n-7');
  expect(new URLSearchParams(router.state.location.search).get('utm_source')).toBe('whatsapp');
});

test('signed in on the login page: home, with the notification_id it came with', async () => {
  const { router } = renderGuarded(`${home}/login?notification_id=n-7`, {});

  await screen.findByText('Página del portal');
  expect(router.state.location.pathname).toBe(home);
  expect(router.state.location.search).toBe('?notification_id=n-7');
});

test('signed out with storage blocked: the cookies error page', async () => {
  jest.spyOn(Storage.prototype, 'clear').mockImplementation(() => {
    throw new DOMException('denied', 'SecurityError');
  });
  renderGuarded(`${home}/login`, null);

  expect(await screen.findByText('Cookies bloqueadas')).toBeInTheDocument();
});

test('onboarding not completed: the onboarding page', async () => {
  const { router } = renderGuarded(`${home}/payments/history${utm}`, {
    onboarding_stage: 'CFDI',
  });

  await screen.findByText('Página del portal');
  expect(router.state.location.pathname).toBe(`${home}/onboarding`);
  expect(router.state.location.search).toBe(utm);
});

test('high risk: payment history sends the guardian home', async () => {
  const { router } = renderGuarded(`${home}/payments/history`, { fraud_status: 'high_risk' });

  await screen.findByText('Página del portal');
  expect(router.state.location.pathname).toBe(home);
});

test('signed in as this guardian: the page shows; features and the guardian come in one batch', async () => {
  const batch = '/api/trpc/guardian.featuresToggle,guardian.me';
  const network = stubFetch().on('GET', batch, [
    { result: { data: ['payments'] } },
    { result: { data: { first_name: 'María' } } },
  ]);
  const { router } = renderGuarded(`${home}/students`, {});

  expect(await screen.findByText('Página del portal')).toBeInTheDocument();
  expect(router.state.location.pathname).toBe(`${home}/students`);
  await waitFor(() => expect(network.sent('GET', batch)).toHaveLength(1));
});

/** @jest-environment @cuota/web-core/test-support/jsdom-environment */
import { screen, waitFor, within } from '@testing-library/react';
import { portalPageReads } from '@cuota/web-core/routing/portal-pages';
import { stubFetch } from '@cuota/web-core/test-support/fetch-stub';
import { renderWithProviders } from '@cuota/web-core/test-support/render-with-providers';
import { GUARDIAN_HASH, guardianSession } from '@cuota/web-core/test-support/session-fixtures';
import { owedOrder } from '../features/payments/test-support/owed-order';
import { guardianMeFixture as me } from '../test-support/guardian-me-fixture';
import PortalApp from './app';

// The pages' own chunks (React.lazy) are imported before any test: what a test then waits
// for is the page's data, not the first compile of that code, which alone took 0.7 s of the
// 1 s a find allows on a quiet machine and more under load.
beforeAll(() =>
  Promise.all([
    import('../features/payments/components/family-balance'),
    import('../features/payments/components/payment-history'),
    import('../features/payments/components/transfer-reports'),
  ]),
);

function renderPortal(page: string, session = guardianSession()) {
  return renderWithProviders(<PortalApp />, {
    url: `/guardians/${GUARDIAN_HASH}${page}`,
    path: '/guardians/:guardianHash/*',
    session,
  });
}

test('home greets the guardian and shows each dependent with level and group', async () => {
  stubFetch()
    .on('GET', '/api/trpc/guardian.me', [{ result: { data: me } }])
    .on('GET', '/api/v1/schools/school-1/fulfillments/', []);
  renderPortal('');

  expect(await screen.findByRole('heading', { name: 'Hola, María', level: 1 })).toBeVisible();
  const cards = await screen.findAllByTestId('dependent-card');
  expect(cards).toHaveLength(2);
  expect(within(cards[0]!).getByRole('heading')).toHaveTextContent('Sofía López Ruiz');
  expect(cards[0]).toHaveTextContent('Primaria · Grupo 3° A');
  expect(cards[1]).toHaveTextContent('Preparatoria · Sin grupo asignado');
});

test('home says what the family owes, how much is past due, and leads to Pagos', async () => {
  const sofia: [string, string] = ['student-1', 'Sofía López Ruiz'];
  stubFetch()
    .on('GET', '/api/trpc/guardian.me', [{ result: { data: me } }])
    .on('GET', '/api/v1/schools/school-1/fulfillments/', [
      owedOrder('o-1', sofia, { due_on: '2020-09-10', pending_amount: 262_500 }),
      owedOrder('o-2', sofia, { due_on: '2099-10-10', pending_amount: 0, final_amount: 80_000 }),
    ]);
  renderPortal('');

  const balance = await screen.findByRole('region', { name: 'Tu saldo' });
  expect(balance).toHaveTextContent(/Por pagar\s*\$3,425\.00/);
  expect(balance).toHaveTextContent(/Vencido\s*\$2,625\.00/);
  expect(within(balance).getByRole('link', { name: 'Ir a pagar' })).toHaveAttribute(
    'href',
    `/guardians/${GUARDIAN_HASH}/payments`,
  );
});

test('home shows what a refund left the family owing, to pay at the school', async () => {
  stubFetch()
    .on('GET', '/api/trpc/guardian.me', [{ result: { data: me } }])
    .on('GET', '/api/v1/schools/school-1/fulfillments/', [])
    .on('GET', '/api/v1/schools/school-1/credit/', {
      students: [
        {
          student_id: 'student-1',
          name: 'Sofía López Ruiz',
          credit_centavos: 0,
          refund_owed_centavos: 350_000,
        },
      ],
      credit_centavos: 0,
      refund_owed_centavos: 350_000,
    });
  renderPortal('');

  const balance = await screen.findByRole('region', { name: 'Tu saldo' });
  expect(await within(balance).findByText('Reembolso por recuperar')).toBeVisible();
  expect(balance).toHaveTextContent(/Reembolso por recuperar\s*\$3,500\.00/);
  expect(balance).toHaveTextContent('Págalo en la caja de la escuela');
  expect(balance).not.toHaveTextContent('Estás al corriente');
  expect(within(balance).queryByRole('link', { name: 'Ir a pagar' })).toBeNull();
});

test('payment history is a real page with its empty state', async () => {
  stubFetch()
    .on('GET', '/api/trpc/guardian.me', [{ result: { data: me } }])
    .on('GET', '/api/v1/schools/school-1/payins/', {
      count: 0,
      page: 1,
      page_size: 10,
      results: [],
    });
  renderPortal('/payments/history');

  expect(screen.getByRole('heading', { name: 'Historial de pagos', level: 1 })).toBeVisible();
  expect(await screen.findByText('Aún no hay pagos registrados')).toBeVisible();
});

test('a high-risk guardian is not offered the pages they lost', () => {
  renderPortal('/subscriptions', guardianSession({ fraud_status: 'high_risk' }));

  const navigation = screen.getByRole('navigation', { name: 'Secciones del portal' });
  expect(within(navigation).getByRole('link', { name: 'Inicio' })).toBeVisible();
  expect(within(navigation).queryByRole('link', { name: 'Alumnos' })).toBeNull();
  expect(within(navigation).queryByRole('link', { name: 'Historial de pagos' })).toBeNull();
});

test('while registering, the menu offers the registration (every other page leads there)', () => {
  renderPortal('/onboarding', guardianSession({ onboarding_stage: 'BILLING' }));

  const navigation = screen.getByRole('navigation', { name: 'Secciones del portal' });
  const link = within(navigation).getByRole('link', { name: 'Completa tu registro' });
  expect(link).toHaveAttribute('aria-current', 'page');
  expect(within(navigation).getAllByRole('link')).toHaveLength(1);
  expect(document.title).toBe('Completa tu registro · Colegio Montessori del Valle · Cuota');
});

test('a signed-in family sees its five sections, the current one marked', () => {
  renderPortal('/payments/history');

  const navigation = screen.getByRole('navigation', { name: 'Secciones del portal' });
  expect(
    within(navigation)
      .getAllByRole('link')
      .map((a) => a.textContent),
  ).toEqual(['Inicio', 'Alumnos', 'Pagos', 'Suscripciones', 'Historial de pagos']);
  expect(within(navigation).getByRole('link', { name: 'Historial de pagos' })).toHaveAttribute(
    'aria-current',
    'page',
  );
});

test('navigation links keep the campaign parameters', () => {
  renderWithProviders(<PortalApp />, {
    url: `/guardians/${GUARDIAN_HASH}/subscriptions?utm_source=whatsapp&utm_medium=chat`,
    path: '/guardians/:guardianHash/*',
    session: guardianSession(),
  });

  expect(screen.getByRole('link', { name: 'Historial de pagos' })).toHaveAttribute(
    'href',
    `/guardians/${GUARDIAN_HASH}/payments/history?utm_source=whatsapp&utm_medium=chat`,
  );
});

test.each(['', 'payments', 'payments/history', 'subscriptions'])(
  'the page at «%s» reads exactly what the shell starts for it before its code arrives',
  async (page) => {
    const network = stubFetch().on('GET', '/api/trpc/guardian.me', [{ result: { data: me } }]);
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    renderPortal(page ? `/${page}` : '');
    const schoolReads = () =>
      network.requests
        .map((r) => new URL(r.url))
        .filter((url) => url.pathname.startsWith('/api/v1/schools/'))
        .map((url) => `${url.pathname}${url.search}`);
    const expected = portalPageReads(page, 'school-1');

    await waitFor(() => expect(schoolReads()).toEqual(expect.arrayContaining(expected)));
    expect(new Set(schoolReads())).toEqual(new Set(expected));
  },
);

test("a reminder's link opens its notification on any page and leaves the address", async () => {
  const network = stubFetch()
    .on('GET', '/api/trpc/guardian.me', [{ result: { data: me } }])
    .on('GET', '/api/v1/schools/school-1/fulfillments/', [])
    .on('GET', '/api/auth/csrf', { csrfToken: 'token-1' })
    .on('POST', '/api/trpc/guardian.openNotification', [
      { result: { data: { id: 'n-7', status: 'SENT' } } },
    ]);
  const { router } = renderPortal('/students?notification_id=n-7&utm_source=correo');

  await waitFor(() =>
    expect(network.sent('POST', '/api/trpc/guardian.openNotification')).toHaveLength(1),
  );
  const [opened] = network.sent('POST', '/api/trpc/guardian.openNotification');
  expect(opened!.headers.get('x-csrf-token')).toBe('token-1');
  expect(await opened!.json()).toEqual({ 0: { notificationId: 'n-7' } });
  expect(router.state.location.search).toBe('?utm_source=correo');
  expect(await screen.findAllByTestId('dependent-card')).toHaveLength(2);
});

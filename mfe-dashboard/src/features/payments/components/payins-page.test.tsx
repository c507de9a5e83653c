/** @jest-environment @cuota/web-core/test-support/jsdom-environment */
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { stubFetch } from '@cuota/web-core/test-support/fetch-stub';
import { renderWithProviders } from '@cuota/web-core/test-support/render-with-providers';
import { staffSession } from '@cuota/web-core/test-support/session-fixtures';
import { payinFixture } from '../../../test-support/payin-fixture';
import { PayinDetailView } from './payin-detail-page';
import { PayinsView } from './payins-page';

const PAYINS = '/api/v1/dashboard/schools/school-1/payins/';
const page = (results: unknown[], count = results.length) => ({
  count,
  page: 1,
  page_size: 25,
  results,
});

test('the list shows each payin with its amount and status, and pages on the server', async () => {
  const network = stubFetch().on('GET', PAYINS, page([payinFixture()], 30));
  renderWithProviders(<PayinsView schoolId="school-1" />, {
    url: '/dashboard/payments',
    path: '/dashboard/payments',
    session: staffSession(),
  });
  const table = await screen.findByRole('table', { name: 'Pagos (30)' });
  const row = within(table).getAllByRole('row')[1]!;
  expect(row).toHaveTextContent('En caja');
  expect(row).toHaveTextContent('R-000123');
  expect(row).toHaveTextContent('$1,500.00');
  expect(row).toHaveTextContent('Exitoso');

  await userEvent.setup().click(screen.getByRole('button', { name: 'Siguiente' }));
  await screen.findByRole('table', { name: 'Pagos (30)' });
  const last = network.sent('GET', PAYINS).at(-1)!;
  expect(new URL(last.url).searchParams.get('page')).toBe('2');
});

test('filtering by status asks the server and an empty answer says so', async () => {
  const network = stubFetch().on('GET', PAYINS, (request: Request) =>
    Response.json(
      new URL(request.url).searchParams.get('status') ? page([]) : page([payinFixture()]),
    ),
  );
  renderWithProviders(<PayinsView schoolId="school-1" />, {
    url: '/dashboard/payments',
    path: '/dashboard/payments',
    session: staffSession(),
  });
  await screen.findByRole('table');
  await userEvent.setup().selectOptions(screen.getByLabelText('Estatus'), 'Falló');
  expect(await screen.findByRole('heading', { name: 'Aún no hay pagos' })).toBeVisible();
  expect(new URL(network.sent('GET', PAYINS).at(-1)!.url).searchParams.get('status')).toBe(
    'failed',
  );
});

test('a payin that cannot be loaded says why and offers to retry', async () => {
  stubFetch().on('GET', PAYINS, () =>
    Response.json(
      { error: { code: 'UNAVAILABLE', message: 'Pagos no responde.' } },
      { status: 503 },
    ),
  );
  renderWithProviders(<PayinsView schoolId="school-1" />, {
    url: '/dashboard/payments',
    path: '/dashboard/payments',
    session: staffSession(),
  });
  expect(await screen.findByRole('alert')).toHaveTextContent('No pudimos cargar');
  expect(screen.getByRole('button', { name: 'Reintentar' })).toBeVisible();
});

test('the detail shows where the money went, the credit left and the receipt', async () => {
  stubFetch().on('GET', `/api/v2/schools/school-1/payins/payin-1/`, payinFixture());
  renderWithProviders(<PayinDetailView schoolId="school-1" payinId="payin-1" />, {
    url: '/dashboard/payments/payin-1',
    path: '/dashboard/payments/:payinId',
    session: staffSession(),
  });
  const applied = await screen.findByRole('table', { name: 'Aplicado a' });
  expect(within(applied).getAllByRole('row')[1]).toHaveTextContent('Colegiatura');
  expect(within(applied).getAllByRole('row')[1]).toHaveTextContent('septiembre 2026');
  expect(screen.getByText(/Saldo a favor/)).toHaveTextContent('$300.00');
  expect(screen.getByRole('link', { name: 'Descargar recibo (PDF)' })).toHaveAttribute(
    'href',
    '/api/v2/schools/school-1/payins/payin-1/receipt/',
  );
});

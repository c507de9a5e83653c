/** @jest-environment @cuota/web-core/test-support/jsdom-environment */
import { screen, waitFor, within } from '@testing-library/react';
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

const STATS = '/api/v1/payins/stats/';
const stats = {
  payins: 3,
  amount_centavos: 400_000,
  paid_payins: 2,
  paid_centavos: 350_000,
  by_method: [{ method: 'cash', payins: 2, amount_centavos: 350_000 }],
};

test('the list shows each payin with its amount and status, and pages on the server', async () => {
  const network = stubFetch()
    .on('GET', PAYINS, page([payinFixture()], 30))
    .on('GET', STATS, stats);
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
  const network = stubFetch()
    .on('GET', STATS, stats)
    .on('GET', PAYINS, (request: Request) =>
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

const renderList = (url = '/dashboard/payments') =>
  renderWithProviders(<PayinsView schoolId="school-1" />, {
    url,
    path: '/dashboard/payments',
    session: staffSession(),
  });
const lastQuery = (network: ReturnType<typeof stubFetch>, path: string) =>
  new URL(network.sent('GET', path).at(-1)!.url).searchParams;

test('method and dates filter the list, its totals and the Excel file alike', async () => {
  const network = stubFetch()
    .on('GET', PAYINS, page([payinFixture()]))
    .on('GET', STATS, stats);
  renderList();
  await screen.findByRole('table');
  const user = userEvent.setup();
  await user.selectOptions(screen.getByLabelText('Método'), 'Efectivo');
  await user.type(screen.getByLabelText('Desde'), '2026-09-01');
  await user.type(screen.getByLabelText('Hasta'), '2026-09-30');

  const totals = await screen.findByRole('region', { name: 'Totales de los pagos filtrados' });
  expect(totals).toHaveTextContent('Cobrado: $3,500.00 en 2 pagos');
  expect(totals).toHaveTextContent('Con estos filtros: 3 pagos por $4,000.00');
  expect(within(totals).getByRole('list', { name: 'Cobrado por método' })).toHaveTextContent(
    'Efectivo: $3,500.00 (2 pagos)',
  );
  await waitFor(() =>
    expect(Object.fromEntries(lastQuery(network, PAYINS))).toMatchObject({
      method: 'cash',
      from: '2026-09-01',
      to: '2026-09-30',
    }),
  );
  expect(Object.fromEntries(lastQuery(network, STATS))).toEqual({
    school_id: 'school-1',
    method: 'cash',
    from: '2026-09-01',
    to: '2026-09-30',
  });
  expect(screen.getByRole('link', { name: 'Exportar a Excel' })).toHaveAttribute(
    'href',
    '/api/v1/dashboard/schools/school-1/payins/xlsx/?method=cash&from=2026-09-01&to=2026-09-30',
  );
  const row = within(screen.getByRole('table')).getAllByRole('row')[1]!;
  expect(row).toHaveTextContent('Ana Pérez');
  expect(row).toHaveTextContent('Registró: Marta Caja');
});

test('a range that ends before it starts is said, and nothing is asked', async () => {
  const network = stubFetch().on('GET', PAYINS, page([])).on('GET', STATS, stats);
  renderList('/dashboard/payments?from=2026-09-30&to=2026-09-01');
  expect(await screen.findByRole('alert')).toHaveTextContent(
    'La fecha inicial debe ser igual o anterior a la fecha final.',
  );
  expect(network.sent('GET', PAYINS)).toHaveLength(0);
  expect(network.sent('GET', STATS)).toHaveLength(0);
});

test('a student found by name filters the list, then the whole family that pays', async () => {
  const network = stubFetch()
    .on('GET', PAYINS, page([payinFixture()]))
    .on('GET', STATS, stats)
    .on('GET', '/api/v1/students/', {
      count: 1,
      count_is_capped: false,
      page: 1,
      page_size: 8,
      results: [
        {
          id: 'student-1',
          first_name: 'Ana',
          last_name: 'Pérez',
          curp: null,
          enrolment_code: null,
          gender: null,
          level: 'elementary',
          section: null,
          status: 'active',
          billing_guardian_id: 'guardian-1',
        },
      ],
    });
  renderList();
  const user = userEvent.setup();
  await user.click(await screen.findByText('Buscar por alumno o familia'));
  await user.type(screen.getByLabelText('Alumno'), 'Ana');
  await user.click(screen.getByRole('button', { name: 'Buscar' }));
  await user.click(await screen.findByRole('button', { name: 'Pérez, Ana' }));
  expect(await screen.findByText('Ana Pérez', { selector: 'strong' })).toBeVisible();
  await waitFor(() => expect(lastQuery(network, PAYINS).get('student_id')).toBe('student-1'));
  expect(lastQuery(network, PAYINS).get('who')).toBeNull();

  await user.click(screen.getByRole('button', { name: 'Ver toda la familia' }));
  await waitFor(() => expect(lastQuery(network, PAYINS).get('guardian_id')).toBe('guardian-1'));
  expect(lastQuery(network, PAYINS).get('student_id')).toBeNull();
  expect(lastQuery(network, STATS).get('guardian_id')).toBe('guardian-1');
  expect(screen.getByText(/Pagos de la familia de/)).toBeVisible();
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

test('money given back to the family shows beside the payin, in the list and its detail', async () => {
  const returned = payinFixture({ returned_centavos: 50_000 });
  stubFetch()
    .on('GET', PAYINS, page([returned, payinFixture({ id: 'payin-2' })]))
    .on('GET', STATS, stats)
    .on('GET', `/api/v2/schools/school-1/payins/payin-1/`, returned);
  renderWithProviders(<PayinsView schoolId="school-1" />, {
    url: '/dashboard/payments',
    path: '/dashboard/payments',
    session: staffSession(),
  });
  const rows = within(await screen.findByRole('table', { name: 'Pagos (2)' })).getAllByRole('row');
  expect(rows[1]).toHaveTextContent('Devuelto: $500.00');
  expect(rows[2]).not.toHaveTextContent('Devuelto');

  renderWithProviders(<PayinDetailView schoolId="school-1" payinId="payin-1" />, {
    url: '/dashboard/payments/payin-1',
    path: '/dashboard/payments/:payinId',
    session: staffSession(),
  });
  const given = await screen.findByText('Devuelto a la familia');
  expect(given.nextElementSibling).toHaveTextContent('$500.00 (a su tarjeta o cuenta bancaria)');
});

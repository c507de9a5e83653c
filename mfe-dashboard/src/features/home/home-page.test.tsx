/** @jest-environment @cuota/web-core/test-support/jsdom-environment */
import { screen, waitFor, within } from '@testing-library/react';
import type { StaffRole } from '@cuota/contracts/enrolment/entities';
import type { InvoicingTodo } from '@cuota/contracts/invoicing/endpoints/invoicing-todo';
import { inicioReads } from '@cuota/contracts/http/inicio-reads';
import { jsonResponse, stubFetch, type FetchStub } from '@cuota/web-core/test-support/fetch-stub';
import { renderWithProviders } from '@cuota/web-core/test-support/render-with-providers';
import { staffSession } from '@cuota/web-core/test-support/session-fixtures';
import HomeFigures from './home-page';

const SCHOOL = 'school-1';
const BASE = `/api/v1/dashboard/schools/${SCHOOL}`;
const TODAY = '2026-11-18';
const money = (net: number) => ({
  payins: 1,
  collected_centavos: net,
  reversed_centavos: 0,
  net_centavos: net,
});

/** Collections by range: this month so far, the cycle, last month (today is this month's). */
function collectionsOf(from: string, to: string) {
  if (from === '2026-10-01')
    return {
      from,
      to,
      days: [{ date: '2026-10-03', method: 'transfer', ...money(900_000) }],
      by_method: [],
      total: money(900_000),
    };
  const month = from === '2026-11-01';
  const days = [
    { date: '2026-11-02', method: 'transfer', ...money(485_000) },
    { date: TODAY, method: 'cash', ...money(150_000) },
  ];
  return {
    from,
    to,
    days,
    by_method: [
      { method: 'cash', ...money(150_000) },
      { method: 'transfer', ...money(month ? 485_000 : 2_485_000) },
    ],
    total: money(month ? 635_000 : 2_635_000),
  };
}

const invoicingTodo: InvoicingTodo = {
  failed_invoices: 2,
  csd_to_renew: [{ id: 'fe-1', legal_name: 'Colegio del Valle SC', days_left: 13 }],
};

const aging = { '0_30': 485_000, '31_60': 500_000, '61_90': 0, '90_plus': 0, total: 985_000 };

/** Payments answers the payouts' count only to a member who may approve them. */
function stubSchool(approvesPayouts = true): FetchStub {
  return stubFetch()
    .on('GET', `${BASE}/collections/`, (r: Request) => {
      const q = new URL(r.url).searchParams;
      return jsonResponse(collectionsOf(q.get('from')!, q.get('to')!));
    })
    .on('GET', `${BASE}/cycles/`, [
      {
        id: 'c1',
        school_id: SCHOOL,
        name: '2026-2027',
        starts_on: '2026-08-17',
        ends_on: '2027-07-09',
        status: 'active',
        activated_at: null,
      },
    ])
    .on('GET', `${BASE}/billing_figures/`, {
      month: '2026-11',
      as_of: TODAY,
      levels: [
        { level: 'elementary', billed_centavos: 970_000, collected_centavos: 485_000 },
        { level: 'middle', billed_centavos: 485_000, collected_centavos: 485_000 },
      ],
      not_due_centavos: 1_455_000,
      top_overdue: [
        {
          family_id: 'tutor-1',
          guardian: { id: 'tutor-1', first_name: 'Marta', last_name: 'García' },
          overdue_centavos: 985_000,
          students: [
            { id: 'st-1', first_name: 'Ana', last_name: 'García' },
            { id: 'st-2', first_name: 'Beto', last_name: 'García' },
          ],
        },
      ],
    })
    .on('GET', `${BASE}/delinquency/`, {
      as_of: TODAY,
      totals: { ...aging, students: 2 },
      rows: [],
    })
    .on('GET', `${BASE}/invoicing_todo/`, invoicingTodo)
    .on('GET', `${BASE}/payments_todo/`, {
      reported_transfers: 1,
      scheduled_payouts: approvesPayouts ? 3 : null,
    })
    .on('GET', `/api/v2/dashboard/schools/${SCHOOL}/students_by_level/filters/`, {
      levels: [
        { value: 'elementary', label: 'Primaria', count: 120 },
        { value: 'middle', label: 'Secundaria', count: 80 },
      ],
      sections: [],
      statuses: [],
      genders: [],
      billing_guardian: [],
    })
    .on('GET', `${BASE}/inscriptions/`, (r: Request) => {
      const count = { lead: 14, new_student: 6, active: 3 }[
        new URL(r.url).searchParams.get('status')!
      ];
      return jsonResponse({ count, page: 1, page_size: 1, results: [] });
    });
}

const renderAs = (role: StaffRole) =>
  renderWithProviders(<HomeFigures schoolId={SCHOOL} today={TODAY} />, {
    url: '/dashboard',
    path: '/dashboard',
    session: staffSession({ memberships: [{ school_id: SCHOOL, role }] }),
  });

const card = async (title: string) =>
  within((await screen.findByRole('heading', { name: title })).closest('section')!);

test('owner: collected today, this month and this cycle, by method, net of refunds', async () => {
  stubSchool();
  renderAs('OWNER');
  const collected = await card('Cobrado');
  expect(await collected.findByText('$6,350.00')).toBeInTheDocument();
  expect(collected.getByText('$1,500.00', { selector: 'dl data' })).toBeInTheDocument();
  expect(collected.getByText('$26,350.00')).toBeInTheDocument();
  const transfer = collected.getByRole('row', { name: /Transferencia/ });
  expect(transfer).toHaveTextContent('Transferencia$0.00$4,850.00$24,850.00');
  // It heads the page, before the to-do list: what was collected is the first figure read.
  const titles = screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent);
  expect(titles.slice(0, 2)).toEqual(['Cobrado', 'Pendientes']);
});

test('owner: owed, overdue by age, collection rate by level, top families linked to Adeudos', async () => {
  stubSchool();
  renderAs('OWNER');
  const owed = await card('Por cobrar');
  expect(await owed.findByText('$24,400.00')).toBeInTheDocument(); // 14,550 not due + 9,850 overdue
  expect(
    owed.getByRole('img', { name: /0–30 días: \$4,850.00; 31–60 días: \$5,000.00/ }),
  ).toBeInTheDocument();
  const rate = await card('Tasa de cobro del mes');
  expect(await rate.findByText('Facturado en noviembre 2026')).toBeInTheDocument();
  expect(rate.getByText('66.7%')).toBeInTheDocument();
  // The table behind the chart, for screen readers.
  const table = rate.getByRole('table', { name: 'Tasa de cobro por nivel, noviembre 2026' });
  expect(within(table).getByRole('row', { name: /Primaria/ })).toHaveTextContent(
    'Primaria$9,700.00$4,850.00' + '50%',
  );
  expect(await rate.findByTestId('rate-chart')).toBeInTheDocument();
  const top = await card('Familias con más adeudo vencido');
  expect(await top.findByRole('link', { name: 'Beto García' })).toHaveAttribute(
    'href',
    '/dashboard/due/st-2',
  );
  // The family by who is billed, then its students.
  expect(top.getByRole('listitem')).toHaveTextContent(
    /^Marta GarcíaAna GarcíaBeto García\$9,850\.00$/,
  );
});

test('owner: collections a day with last month behind, as a chart and a table', async () => {
  stubSchool();
  renderAs('OWNER');
  const daily = await card('Cobranza por día');
  expect(await daily.findByTestId('daily-chart')).toBeInTheDocument();
  const table = daily.getByRole('table', {
    name: 'Cobrado por día en noviembre 2026 y en octubre 2026',
  });
  expect(within(table).getByRole('row', { name: /^2 / })).toHaveTextContent('2$4,850.00$0.00');
  expect(within(table).getByRole('row', { name: /^3 / })).toHaveTextContent('3$0.00$9,000.00');
  // October has 31 days; November so far 18: day 31 is October's only.
  expect(within(table).getByRole('row', { name: /^31 / })).toHaveTextContent('31—$0.00');
});

test('owner: this month so far against the same days of last month and of a cycle ago', async () => {
  const network = stubSchool();
  renderAs('OWNER');
  const compared = await card('Comparación del mes');
  expect(await compared.findByText('Lo cobrado del 1 al 18 de cada mes.')).toBeInTheDocument();
  const figure = async (term: string) =>
    (await compared.findByText(term, { selector: 'dt' })).nextElementSibling;
  // 6,350 against October's 9,000 and November 2025's 26,350 for the same 18 days.
  expect(await figure('Este mes (noviembre 2026)')).toHaveTextContent(/^\$6,350\.00$/);
  expect(await figure('Mes anterior (octubre 2026)')).toHaveTextContent('$9,000.00Este mes: -29%');
  expect(await figure('Mismo mes del ciclo anterior (noviembre 2025)')).toHaveTextContent(
    '$26,350.00Este mes: -76%',
  );
  // October's 18 days come with the whole of October, today with November (ADR 0097).
  const asked = network.requests.map((r) => new URL(r.url).search);
  expect(asked).toEqual(
    expect.arrayContaining(['?from=2026-10-01&to=2026-10-31', '?from=2025-11-01&to=2025-11-18']),
  );
  expect(asked).not.toContain('?from=2026-10-01&to=2026-10-18');
  expect(asked).not.toContain(`?from=${TODAY}&to=${TODAY}`);
});

test('a month without collections says so instead of drawing an empty chart', async () => {
  stubSchool().on('GET', `${BASE}/collections/`, (r: Request) => {
    const q = new URL(r.url).searchParams;
    return jsonResponse({ ...collectionsOf(q.get('from')!, q.get('to')!), days: [] });
  });
  renderAs('OWNER');
  const daily = await card('Cobranza por día');
  expect(
    await daily.findByText('Sin cobros en noviembre 2026 ni en octubre 2026.'),
  ).toBeInTheDocument();
  expect(daily.queryByTestId('daily-chart')).not.toBeInTheDocument();
});

test("the month's billing figures are of the page's month, the one the daily chart shows", async () => {
  const network = stubSchool();
  renderAs('OWNER');
  await card('Tasa de cobro del mes');
  const asked = network.sent('GET', `${BASE}/billing_figures/`);
  expect(asked.length).toBeGreaterThan(0);
  expect(asked.map((r) => new URL(r.url).searchParams.get('month'))).toEqual(
    asked.map(() => '2026-11'),
  );
});

test('owner: to-do list of failed invoices, transfers, payouts and an expiring CSD', async () => {
  stubSchool();
  renderAs('OWNER');
  const todo = await card('Pendientes');
  expect(
    await todo.findByRole('link', { name: '2 facturas no se pudieron timbrar' }),
  ).toHaveAttribute('href', '/dashboard/invoices?status=failed');
  expect(
    await todo.findByRole('link', { name: '1 transferencia reportada por confirmar' }),
  ).toBeInTheDocument();
  expect(await todo.findByRole('link', { name: '3 dispersiones por aprobar' })).toBeInTheDocument();
  expect(
    await todo.findByRole('link', { name: 'El CSD de Colegio del Valle SC vence en 13 días' }),
  ).toHaveAttribute('href', '/dashboard/fiscal');
});

test('accountant: the money figures, but payouts are not theirs to approve', async () => {
  stubSchool(false);
  renderAs('ACCOUNTANT');
  const todo = await card('Pendientes');
  expect(
    await todo.findByRole('link', { name: '2 facturas no se pudieron timbrar' }),
  ).toBeInTheDocument();
  expect(await screen.findByRole('heading', { name: 'Tasa de cobro del mes' })).toBeInTheDocument();
  expect(todo.queryByText(/dispersi/)).not.toBeInTheDocument();
});

test('cashier: transfers to confirm and students by level; no report is asked for', async () => {
  const stub = stubSchool();
  renderAs('CASH_COLLECTION');
  expect(
    await (
      await card('Pendientes')
    ).findByRole('link', { name: '1 transferencia reportada por confirmar' }),
  ).toBeInTheDocument();
  expect(
    await (
      await card('Alumnos por nivel')
    ).findByRole('table', { name: '200 alumnos en la escuela' }),
  ).toBeInTheDocument();
  expect(screen.queryByRole('heading', { name: 'Cobrado' })).not.toBeInTheDocument();
  for (const path of ['collections', 'billing_figures', 'delinquency', 'invoicing_todo'])
    expect(stub.sent('GET', `${BASE}/${path}/`)).toHaveLength(0);
});

test('admissions: students by level and leads by stage, no money, no to-do list', async () => {
  const stub = stubSchool();
  renderAs('ADMISSIONS');
  const leads = await card('Admisiones por etapa');
  expect(await leads.findByRole('row', { name: 'Interesados 14' })).toBeInTheDocument();
  expect(leads.getByRole('row', { name: 'Aspirantes 6' })).toBeInTheDocument();
  expect(
    await (await card('Alumnos por nivel')).findByRole('row', { name: 'Primaria 120' }),
  ).toBeInTheDocument();
  expect(screen.queryByRole('heading', { name: 'Pendientes' })).not.toBeInTheDocument();
  expect(stub.sent('GET', `${BASE}/collections/`)).toHaveLength(0);
});

test('other: students by level only', async () => {
  const stub = stubSchool();
  renderAs('OTHER');
  expect(
    await (await card('Alumnos por nivel')).findByRole('row', { name: 'Secundaria 80' }),
  ).toBeInTheDocument();
  expect(screen.queryByRole('heading', { name: 'Admisiones por etapa' })).not.toBeInTheDocument();
  expect(stub.sent('GET', `${BASE}/inscriptions/`)).toHaveLength(0);
});

test('a card whose service fails says so; the others still show', async () => {
  stubSchool().on('GET', `${BASE}/delinquency/`, () =>
    jsonResponse(
      { error: { code: 'UNAVAILABLE', message: 'Cobranza no responde.' } },
      { status: 503 },
    ),
  );
  renderAs('TREASURER');
  const owed = await card('Por cobrar');
  expect(await owed.findByRole('alert')).toHaveTextContent('No pudimos cargar «Por cobrar»');
  expect(await (await card('Cobrado')).findByText('$6,350.00')).toBeInTheDocument();
});

test.each(['OWNER', 'ACCOUNTANT', 'TREASURER', 'CASH_COLLECTION', 'ADMISSIONS', 'OTHER'] as const)(
  '%s: Inicio reads exactly what the shell starts for it ahead',
  async (role) => {
    const network = stubSchool(role !== 'ACCOUNTANT');
    renderAs(role);
    const expected = inicioReads(SCHOOL, { role }, TODAY);
    const reads = () =>
      network.requests
        .map((r) => new URL(r.url))
        .map((url) => `${url.pathname}${url.search}`)
        // The cycle's collections wait for the cycle's dates: nothing to start ahead.
        .filter((url) => !url.includes('collections/?from=2026-08-17'));
    await waitFor(() => expect(reads()).toEqual(expect.arrayContaining(expected)));
    expect(new Set(reads())).toEqual(new Set(expected));
  },
);

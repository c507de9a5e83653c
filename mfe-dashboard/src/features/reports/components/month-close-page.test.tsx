/** @jest-environment @cuota/web-core/test-support/jsdom-environment */
import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { MonthClose } from '@cuota/contracts/billing/month-close-report';
import { apiErrorResponse, jsonResponse, stubFetch } from '@cuota/web-core/test-support/fetch-stub';
import { renderWithProviders } from '@cuota/web-core/test-support/render-with-providers';
import { staffSession } from '@cuota/web-core/test-support/session-fixtures';
import { MonthCloseView } from './month-close-page';

const SCHOOL = 'school-1';
const CLOSE = `/api/v1/dashboard/schools/${SCHOOL}/month_close/`;

const closeOf = (month: string): MonthClose => ({
  month,
  from: `${month}-01`,
  to: `${month}-30`,
  as_of: `${month}-30`,
  billing: {
    billed: [
      {
        concept_name: 'Colegiatura',
        level: 'elementary',
        orders: 3,
        amount_centavos: 1_455_000,
        scholarship_centavos: 48_500,
        discount_centavos: 0,
        surcharge_centavos: 0,
        total_centavos: 1_406_500,
      },
    ],
    applied: [
      {
        concept_name: 'Colegiatura',
        level: 'elementary',
        late_fee_centavos: 15_000,
        early_payment_discount_centavos: 0,
      },
    ],
    late_fees_collected_centavos: 15_000,
    early_payment_discounts_centavos: 0,
    owed: {
      not_due: 970_000,
      '0_30': 485_000,
      '31_60': 0,
      '61_90': 0,
      '90_plus': 0,
      total: 485_000,
    },
  },
  payments: {
    methods: [
      {
        method: 'cash',
        payins: 2,
        collected_centavos: 985_000,
        reversals: 1,
        reversed_centavos: 50_000,
      },
    ],
    concepts: [{ concept_name: 'Colegiatura', level: 'elementary', collected_centavos: 985_000 }],
  },
  invoicing: {
    documents: [{ document: 'credit_note', issued: 1, total_centavos: 50_000, canceled: 0 }],
    credit_notes: [
      {
        concept_name: 'Colegiatura',
        level: 'elementary',
        credited_centavos: 50_000,
        canceled_centavos: 0,
      },
    ],
  },
});

const render = () =>
  renderWithProviders(<MonthCloseView schoolId={SCHOOL} />, {
    url: '/dashboard/month-close',
    path: '/dashboard/month-close',
    session: staffSession({ memberships: [{ school_id: SCHOOL, role: 'ACCOUNTANT' }] }),
  });

test("the server's month first, its figures, then another month when picked", async () => {
  const network = stubFetch().on('GET', CLOSE, (r: Request) =>
    jsonResponse(closeOf(new URL(r.url).searchParams.get('month') ?? '2026-09')),
  );
  render();
  expect(
    await screen.findByRole('heading', { name: 'Cierre de septiembre 2026' }),
  ).toBeInTheDocument();
  expect(screen.getByLabelText('Mes')).toHaveValue('2026-09');
  expect(screen.getByText('Facturado').nextSibling).toHaveTextContent('$14,065.00');
  expect(screen.getByText('Devoluciones').nextSibling).toHaveTextContent('$500.00');
  expect(screen.getByText('Notas de crédito').nextSibling).toHaveTextContent('1 · $500.00');
  expect(network.sent('GET', CLOSE)[0]!.url).not.toContain('month=');

  // The browser's month picker hands over AAAA-MM.
  fireEvent.change(screen.getByLabelText('Mes'), { target: { value: '2026-08' } });
  expect(await screen.findByRole('heading', { name: 'Cierre de agosto 2026' })).toBeInTheDocument();
});

test('a download says it is being prepared, then saves the file; a refusal is shown', async () => {
  let finish: (r: Response) => void = () => {};
  const network = stubFetch()
    .on('GET', CLOSE, closeOf('2026-09'))
    .on('GET', `${CLOSE}pdf/`, () => new Promise<Response>((resolve) => (finish = resolve)))
    .on('GET', `${CLOSE}excel/`, () =>
      apiErrorResponse(
        503,
        'SERVICE_UNAVAILABLE',
        'Pagos no responde y el cierre de mes necesita sus cifras.',
      ),
    );
  URL.createObjectURL = jest.fn(() => 'blob:cierre');
  URL.revokeObjectURL = jest.fn();
  render();
  const user = userEvent.setup();
  await user.click(await screen.findByRole('button', { name: 'Descargar PDF' }));
  expect(await screen.findByRole('button', { name: 'Preparando el PDF…' })).toBeDisabled();
  expect(screen.getByRole('button', { name: 'Descargar Excel' })).toBeDisabled();
  finish(new Response(new Blob(['%PDF-']), { status: 200 }));
  await waitFor(() => expect(URL.createObjectURL).toHaveBeenCalled());
  expect(new URL(network.sent('GET', `${CLOSE}pdf/`)[0]!.url).searchParams.get('month')).toBe(
    '2026-09',
  );

  await user.click(await screen.findByRole('button', { name: 'Descargar Excel' }));
  expect(await screen.findByRole('alert')).toHaveTextContent('Pagos no responde');
});

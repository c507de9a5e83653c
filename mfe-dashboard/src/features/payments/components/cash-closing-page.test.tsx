/** @jest-environment @cuota/web-core/test-support/jsdom-environment */
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { CashClosing, MethodTotals } from '@cuota/contracts/payments/cash-closing';
import { stubFetch } from '@cuota/web-core/test-support/fetch-stub';
import { renderWithProviders } from '@cuota/web-core/test-support/render-with-providers';
import { staffSession } from '@cuota/web-core/test-support/session-fixtures';
import { CashClosingView } from './cash-closing-page';

const CLOSING = '/api/v1/dashboard/schools/school-1/cash-closing/';
const totals = (received: number, voided = 0, refunded = 0): MethodTotals => ({
  received_centavos: received,
  voided_centavos: voided,
  refunded_centavos: refunded,
  net_centavos: received - voided - refunded,
});
const day: CashClosing = {
  school_id: 'school-1',
  date: '2026-09-07',
  cashiers: [
    {
      cashier_id: 'cajera-berta',
      cashier_name: 'Berta Caja',
      movements: [
        {
          kind: 'payin',
          at: '2026-09-07T15:00:00.000Z',
          method: 'cash',
          receipt_number: 'R-000007',
          description: 'Pago · Ana Pérez',
          amount_centavos: 300_000,
        },
        {
          kind: 'void',
          at: '2026-09-07T16:00:00.000Z',
          method: 'cash',
          receipt_number: 'R-000007',
          description: 'Anulación · Ana Pérez',
          amount_centavos: -300_000,
        },
      ],
      cash: totals(300_000, 300_000),
      transfer: totals(0),
    },
    {
      cashier_id: 'cajera-marta',
      cashier_name: 'Marta Caja',
      movements: [
        {
          kind: 'payin',
          at: '2026-09-07T17:00:00.000Z',
          method: 'transfer',
          receipt_number: 'R-000008',
          description: 'Pago · Luis Pérez',
          amount_centavos: 450_000,
        },
      ],
      cash: totals(0),
      transfer: totals(450_000),
    },
  ],
  cash: totals(300_000, 300_000),
  transfer: totals(450_000),
  ledger_cash_desk_centavos: 0,
  balanced: true,
};

function renderCorte() {
  renderWithProviders(<CashClosingView schoolId="school-1" />, {
    url: '/dashboard/payments/cash-closing',
    path: '/dashboard/payments/cash-closing',
    session: staffSession({ memberships: [{ school_id: 'school-1', role: 'TREASURER' }] }),
  });
}

test('each cashier’s movements and totals, the day’s total and the books’ check', async () => {
  stubFetch().on('GET', CLOSING, day);
  renderCorte();
  const berta = await screen.findByRole('table', { name: 'Movimientos de Berta Caja' });
  expect(within(berta).getByText('Anulación · Ana Pérez')).toBeVisible();
  expect(within(berta).getByText('-$3,000.00')).toBeVisible();
  const marta = screen.getByRole('table', { name: 'Totales de Marta Caja' });
  expect(within(marta).getAllByText('$4,500.00')).toHaveLength(2);
  expect(screen.getByRole('table', { name: 'Totales del día' })).toBeVisible();
  expect(screen.getByText(/Cuadra con el efectivo de los cajeros/)).toBeVisible();
});

test('another day is asked for by its date, with its PDF; an empty day says so', async () => {
  const network = stubFetch().on('GET', CLOSING, { ...day, cashiers: [] });
  renderCorte();
  expect(await screen.findByText('Nadie cobró en caja este día')).toBeVisible();
  const field = screen.getByLabelText('Día');
  await userEvent.setup().clear(field);
  await userEvent.setup().type(field, '2026-09-07');
  expect(await screen.findByText('Nadie cobró en caja este día')).toBeVisible();
  expect(network.sent('GET', CLOSING).at(-1)!.url).toContain('date=2026-09-07');
  expect(screen.getByRole('link', { name: 'Descargar PDF' })).toHaveAttribute(
    'href',
    '/api/v1/dashboard/schools/school-1/cash-closing/pdf/?date=2026-09-07',
  );
});

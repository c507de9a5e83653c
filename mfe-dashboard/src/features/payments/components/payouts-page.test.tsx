/** @jest-environment @cuota/web-core/test-support/jsdom-environment */
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { StaffRole } from '@cuota/contracts/enrolment/entities';
import type { PayoutDetail } from '@cuota/contracts/payments/payouts';
import { forgetCsrfToken } from '@cuota/web-core/api/csrf';
import { stubFetch } from '@cuota/web-core/test-support/fetch-stub';
import { renderWithProviders } from '@cuota/web-core/test-support/render-with-providers';
import { staffSession } from '@cuota/web-core/test-support/session-fixtures';
import { PayoutDetailView } from './payout-detail-page';
import { PayoutsView } from './payouts-page';

const ID = '0b7c9a4e-4f7e-4c55-9a39-8c0f1f3f0a11';
const payout: PayoutDetail = {
  id: ID,
  school_id: 'school-1',
  collected_on: '2026-09-07',
  scheduled_on: '2026-09-08',
  status: 'SCHEDULED',
  payins: 1,
  collected_centavos: 350_000,
  reversed_centavos: 0,
  carried_centavos: 100_000,
  fee_centavos: 12_064,
  net_centavos: 237_936,
  bank_account: { id: 'account-1', bank_name: 'BBVA MEXICO', clabe: '012180000000000015' },
  gateway_ticket: null,
  status_reason: null,
  created_by_name: 'Tere Tesorera',
  executed_at: null,
  created_at: '2026-09-08T15:00:00.000Z',
  updated_at: '2026-09-08T15:00:00.000Z',
  payments: [
    {
      payin_id: 'payin-1',
      paid_at: '2026-09-07T17:00:00.000Z',
      method: 'credit_card',
      amount_centavos: 350_000,
      receipt_number: 'R-000012',
      ticket_number: '1700000000000001',
      card_brand: 'Mastercard',
      card_last4: '5480',
    },
  ],
  deductions: [
    {
      reversal_id: 'reversal-1',
      payin_id: 'payin-0',
      label: 'Reembolso de un pago ya dispersado',
      carried: true,
      paid_out_on: '2026-09-04',
      applied_at: '2026-09-07T18:00:00.000Z',
      amount_centavos: 100_000,
    },
  ],
};
const account = (id: string, clabe: string) => ({
  id,
  school_id: 'school-1',
  clabe,
  bank_code: clabe.slice(0, 3),
  bank_name: 'BBVA MEXICO',
  holder_name: 'Colegio Prueba, A.C.',
  alias: null,
  created_by_name: null,
  created_at: '2026-09-05T16:00:00.000Z',
});

const session = (role: StaffRole) =>
  staffSession({ memberships: [{ school_id: 'school-1', role }] });

beforeEach(() => forgetCsrfToken());

test('the payouts list shows each day, its status and what reaches the bank', async () => {
  const { payments: _, deductions: __, ...row } = payout;
  stubFetch()
    .on('GET', '/api/auth/csrf', { csrfToken: 't' })
    .on('GET', '/backoffice/payouts/', () =>
      Response.json({ results: [row], carried_pending_centavos: 30_000 }),
    );
  renderWithProviders(<PayoutsView schoolId="school-1" />, {
    url: '/dashboard/payments/payouts',
    path: '/dashboard/payments/payouts',
    session: session('ACCOUNTANT'),
  });
  const table = await screen.findByRole('table', { name: 'Dispersiones de la escuela' });
  expect(within(table).getByText('Programada')).toBeVisible();
  expect(within(table).getByText('$2,379.36')).toBeVisible();
  expect(within(table).getByText(/reembolsos ya dispersados/)).toBeVisible();
  // A refund of a paid-out payment still waiting for a payout to take it.
  expect(screen.getByText(/Reembolsos de pagos ya dispersados por descontar/)).toHaveTextContent(
    '$300.00',
  );
  // The accountant sees payouts but sends none.
  expect(screen.queryByRole('form', { name: 'Programar dispersión' })).toBeNull();
});

test('the treasurer executes a payout once; its payments are listed', async () => {
  let current = payout;
  const network = stubFetch()
    .on('GET', '/api/auth/csrf', { csrfToken: 't' })
    .on('GET', `/backoffice/payouts/${ID}/`, () => Response.json(current))
    .on('GET', `/backoffice/payouts/${ID}/bank-accounts/`, () =>
      Response.json({ results: [account('account-1', '012180000000000015')] }),
    )
    .on('POST', `/backoffice/payouts/${ID}/execute/`, () => {
      current = { ...payout, status: 'PROCESSING' };
      return Response.json(current);
    });
  renderWithProviders(<PayoutDetailView payoutId={ID} />, {
    url: `/dashboard/payments/payouts/${ID}`,
    path: '/dashboard/payments/payouts/:payoutId',
    session: session('TREASURER'),
  });
  const payments = await screen.findByRole('table', { name: 'Pagos que liquida' });
  expect(within(payments).getByText('R-000012')).toBeVisible();
  const deductions = screen.getByRole('table', { name: 'Devoluciones que descuenta' });
  expect(within(deductions).getByText('Reembolso de un pago ya dispersado')).toBeVisible();
  expect(within(deductions).getByText('-$1,000.00')).toBeVisible();
  await userEvent.setup().click(screen.getByRole('button', { name: 'Ejecutar dispersión' }));
  expect(await screen.findByText('En proceso')).toBeVisible();
  expect(network.sent('POST', `/backoffice/payouts/${ID}/execute/`)).toHaveLength(1);
  expect(screen.queryByRole('button', { name: 'Ejecutar dispersión' })).toBeNull();
});

test('the treasurer cancels a payout with a reason, after confirming it', async () => {
  let current = payout;
  const network = stubFetch()
    .on('GET', '/api/auth/csrf', { csrfToken: 't' })
    .on('GET', `/backoffice/payouts/${ID}/`, () => Response.json(current))
    .on('GET', `/backoffice/payouts/${ID}/bank-accounts/`, () =>
      Response.json({ results: [account('account-1', '012180000000000015')] }),
    )
    .on('POST', `/backoffice/payouts/${ID}/cancel/`, () => {
      current = { ...payout, status: 'CANCELED', status_reason: 'Se junta con la siguiente' };
      return Response.json(current);
    });
  renderWithProviders(<PayoutDetailView payoutId={ID} />, {
    url: `/dashboard/payments/payouts/${ID}`,
    path: '/dashboard/payments/payouts/:payoutId',
    session: session('TREASURER'),
  });
  const user = userEvent.setup();
  const form = await screen.findByRole('form', { name: 'Cancelar dispersión' });
  await user.type(within(form).getByLabelText('Motivo'), 'no');
  await user.click(within(form).getByRole('button', { name: 'Cancelar dispersión' }));
  expect(within(form).getByRole('alert')).toHaveTextContent(
    'Escribe el motivo de la cancelación (al menos 5 caracteres).',
  );
  await user.type(within(form).getByLabelText('Motivo'), ' Se junta con la siguiente');
  await user.click(within(form).getByRole('button', { name: 'Cancelar dispersión' }));
  // Nothing is sent until the second, explicit confirmation.
  expect(network.sent('POST', `/backoffice/payouts/${ID}/cancel/`)).toHaveLength(0);
  const confirm = screen.getByRole('alertdialog', { name: 'Confirmar cancelación' });
  expect(confirm).toHaveTextContent('¿Cancelar la dispersión de $2,379.36?');
  await user.click(within(confirm).getByRole('button', { name: 'Sí, cancelar dispersión' }));
  expect(await screen.findByText('Cancelada')).toBeVisible();
  expect(screen.getByText('Se junta con la siguiente')).toBeVisible();
  expect(
    screen.getByText('Sus pagos pasan a la siguiente dispersión que se programe.'),
  ).toBeVisible();
  const [sent] = network.sent('POST', `/backoffice/payouts/${ID}/cancel/`);
  expect(await sent!.json()).toEqual({ reason: 'no Se junta con la siguiente' });
  expect(screen.queryByRole('form', { name: 'Cancelar dispersión' })).toBeNull();
});

test('the accountant sees a payout but cannot cancel it', async () => {
  stubFetch()
    .on('GET', '/api/auth/csrf', { csrfToken: 't' })
    .on('GET', `/backoffice/payouts/${ID}/`, () => Response.json(payout));
  renderWithProviders(<PayoutDetailView payoutId={ID} />, {
    url: `/dashboard/payments/payouts/${ID}`,
    path: '/dashboard/payments/payouts/:payoutId',
    session: session('ACCOUNTANT'),
  });
  expect(await screen.findByRole('table', { name: 'Pagos que liquida' })).toBeVisible();
  expect(screen.queryByRole('form', { name: 'Cancelar dispersión' })).toBeNull();
});

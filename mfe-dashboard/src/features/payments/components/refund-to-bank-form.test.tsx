/** @jest-environment @cuota/web-core/test-support/jsdom-environment */
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { forgetCsrfToken } from '@cuota/web-core/api/csrf';
import { stubFetch } from '@cuota/web-core/test-support/fetch-stub';
import { speiPayinFixture } from '../../../test-support/payin-fixture';
import { renderPayinDetail } from '../../../test-support/render-payin-detail';

const PAYIN = '/api/v2/schools/school-1/payins/payin-1/';
const REFUND = '/api/v1/dashboard/schools/school-1/refund/';
const spei = speiPayinFixture;
const reversal = {
  id: 'reversal-1',
  payin_id: 'payin-1',
  school_id: 'school-1',
  kind: 'refund',
  status: 'applied',
  amount_centavos: 50_000,
  credit_reversed_centavos: 0,
  credit_owed_centavos: 0,
  reason: 'La familia pagó de más',
  requested_by: 'user-1',
  requested_by_name: 'Tere Tesorera',
  error_message: null,
  created_at: '2026-09-06T17:00:00Z',
  applied_at: '2026-09-06T17:00:00Z',
  payout: {
    clabe: '012180000000000015',
    bank_name: 'BBVA México',
    holder_name: 'Lucía Hernández',
    status: 'pending',
  },
};

beforeEach(() => forgetCsrfToken());

test('a SPEI payment goes back to a CLABE: the bank named as typed, errors per field, its status', async () => {
  const network = stubFetch()
    .on('GET', '/api/auth/csrf', { csrfToken: 't' })
    .on('GET', PAYIN, spei())
    .on('POST', REFUND, () => Response.json(reversal, { status: 201 }));
  renderPayinDetail('TREASURER');
  const user = userEvent.setup();
  const button = await screen.findByRole('button', { name: 'Devolver a cuenta bancaria' });
  expect(screen.getByRole('button', { name: 'Devolver a saldo a favor' })).toBeVisible();
  const form = screen.getByRole('form', { name: 'Devolver a cuenta bancaria' });
  const clabe = screen.getByLabelText('CLABE');
  await user.type(clabe, '012 180 0000000000 16');
  expect(form).toHaveTextContent('Banco: BBVA México');
  await user.click(button);
  expect(form).toHaveTextContent(
    'La CLABE no es válida: el último dígito no corresponde a los anteriores. Revísala.',
  );
  expect(form).toHaveTextContent('Escribe el titular de la cuenta');
  expect(network.sent('POST', REFUND)).toHaveLength(0);

  await user.clear(clabe);
  await user.type(clabe, '012180000000000015');
  await user.type(screen.getByLabelText('Titular'), 'Lucía Hernández');
  await user.clear(screen.getByLabelText('Monto a enviar'));
  await user.type(screen.getByLabelText('Monto a enviar'), '500');
  await user.type(within(form).getByLabelText('Motivo'), 'La familia pagó de más');
  await user.click(button);
  expect(
    await screen.findByText(
      /Devolución de \$500\.00 a BBVA México \(Lucía Hernández\): pendiente\./,
    ),
  ).toBeVisible();
  const [sent] = network.sent('POST', REFUND);
  expect(await sent!.json()).toEqual({
    payin_id: 'payin-1',
    reason: 'La familia pagó de más',
    to: 'bank_account',
    clabe: '012180000000000015',
    holder_name: 'Lucía Hernández',
    amount_centavos: 50_000,
  });
});

test('after a reload the detail lists what was given back and the gateway’s word', async () => {
  const declined = {
    ...reversal,
    error_message: 'Cuenta destino rechazada por el banco.',
    payout: { ...reversal.payout, status: 'declined' },
  };
  stubFetch()
    .on('GET', '/api/auth/csrf', { csrfToken: 't' })
    .on('GET', PAYIN, { ...spei(), reversals: [declined] });
  renderPayinDetail('TREASURER');
  const table = await screen.findByRole('table', { name: 'Devoluciones y anulaciones' });
  const [, row] = within(table).getAllByRole('row');
  expect(row).toHaveTextContent('A cuenta bancaria: BBVA México · Lucía Hernández');
  expect(row).toHaveTextContent('La familia pagó de más · Tere Tesorera');
  expect(row).toHaveTextContent('$500.00');
  expect(row).toHaveTextContent('RechazadaCuenta destino rechazada por el banco.');
});

const wholeRefund = {
  ...reversal,
  amount_centavos: 120_000,
  payout: { ...reversal.payout, status: 'applied' },
  orders: [{ order_id: 'order-1', base_centavos: 120_000, late_fee_centavos: 0 }],
};

/** The detail's «Aplicado a» row of order-1, once the payin answered with these reversals. */
async function appliedRow(reversals: unknown[], changes: object = {}) {
  stubFetch()
    .on('GET', '/api/auth/csrf', { csrfToken: 't' })
    .on('GET', PAYIN, { ...spei(), ...changes, reversals });
  renderPayinDetail('TREASURER');
  await screen.findByRole('table', { name: 'Devoluciones y anulaciones' });
  return within(screen.getByRole('table', { name: 'Aplicado a' })).getAllByRole('row')[1]!;
}

test('a refund whose credit the family had spent says what it owes; its order shows reversed', async () => {
  const row = await appliedRow([{ ...wholeRefund, credit_owed_centavos: 45_000 }], {
    status: 'canceled',
  });
  const reversals = screen.getByRole('table', { name: 'Devoluciones y anulaciones' });
  expect(within(reversals).getAllByRole('row')[1]).toHaveTextContent(
    'AplicadaSaldo a favor ya usado: $450.00, pendiente de cobro a la familia',
  );
  expect(row).toHaveTextContent('Colegiatura (Colegiatura)Revertido');
  expect(within(row).getByText('$1,200.00').closest('s')).not.toBeNull();
});

test('a partial refund leaves the rest applied; a pending one takes nothing back yet', async () => {
  const partial = {
    ...wholeRefund,
    orders: [{ ...wholeRefund.orders[0]!, base_centavos: 50_000 }],
  };
  const pending = { ...wholeRefund, id: 'reversal-2', status: 'pending' };
  const row = await appliedRow([partial, pending]);
  expect(row).toHaveTextContent('Revertido: $500.00 · sigue aplicado: $700.00');
  expect(within(row).getByText('$1,200.00').closest('s')).toBeNull();
  expect(screen.queryByText(/Saldo a favor ya usado/)).toBeNull();
});

test('what was given back is no longer offered: a partial refund leaves the rest as the amount', async () => {
  const partial = {
    ...wholeRefund,
    orders: [{ ...wholeRefund.orders[0]!, base_centavos: 50_000 }],
  };
  await appliedRow([partial]);
  for (const title of ['Devolver a saldo a favor', 'Devolver a cuenta bancaria'])
    expect(within(screen.getByRole('form', { name: title })).getByLabelText(/Monto a/)).toHaveValue(
      '700.00',
    );
});

test('a payment given back whole offers no refund at all', async () => {
  await appliedRow([wholeRefund]);
  expect(screen.queryByRole('form', { name: 'Devolver a saldo a favor' })).toBeNull();
  expect(screen.queryByRole('form', { name: 'Devolver a cuenta bancaria' })).toBeNull();
});

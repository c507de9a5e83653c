/** @jest-environment @cuota/web-core/test-support/jsdom-environment */
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { forgetCsrfToken } from '@cuota/web-core/api/csrf';
import { stubFetch } from '@cuota/web-core/test-support/fetch-stub';
import type { StaffRole } from '@cuota/contracts/enrolment/entities';
import { payinFixture } from '../../../test-support/payin-fixture';
import { renderPayinDetail } from '../../../test-support/render-payin-detail';

const PAYIN = '/api/v2/schools/school-1/payins/payin-1/';
const REFUND = '/api/v1/dashboard/schools/school-1/refund/';
const card = () => payinFixture({ type: 'CARD', method: 'credit_card' });
const reversal = (changes: object = {}) => ({
  id: 'reversal-1',
  payin_id: 'payin-1',
  school_id: 'school-1',
  kind: 'refund',
  status: 'pending',
  amount_centavos: 50_000,
  credit_reversed_centavos: 0,
  credit_owed_centavos: 0,
  reason: 'Cobro duplicado',
  requested_by: 'user-1',
  requested_by_name: 'Tere Tesorera',
  error_message: null,
  created_at: '2026-09-06T17:00:00Z',
  applied_at: null,
  ...changes,
});

const renderDetail = (role: StaffRole = 'TREASURER') => renderPayinDetail(role);

beforeEach(() => forgetCsrfToken());

test('the treasurer refunds part of a card payment with a reason and one key', async () => {
  const network = stubFetch()
    .on('GET', '/api/auth/csrf', { csrfToken: 't' })
    .on('GET', PAYIN, card())
    .on('POST', REFUND, () => Response.json(reversal(), { status: 201 }));
  renderDetail();
  const user = userEvent.setup();
  await user.click(await screen.findByRole('button', { name: 'Reembolsar' }));
  expect(
    await screen.findByText('Escribe el motivo del reembolso (al menos 5 caracteres).'),
  ).toBeVisible();
  expect(network.sent('POST', REFUND)).toHaveLength(0);

  const amount = screen.getByLabelText('Monto a reembolsar');
  await user.clear(amount);
  await user.type(amount, '500');
  await user.type(screen.getByLabelText('Motivo'), 'Cobro duplicado');
  await user.click(screen.getByRole('button', { name: 'Reembolsar' }));
  expect(await screen.findByRole('status')).toHaveTextContent(
    'Reembolso de $500.00 solicitado. La pasarela confirmará la devolución',
  );
  const [sent] = network.sent('POST', REFUND);
  expect(await sent!.json()).toEqual({
    payin_id: 'payin-1',
    reason: 'Cobro duplicado',
    amount_centavos: 50_000,
  });
  expect(sent!.headers.get('idempotency-key')).toBeTruthy();
});

test('the whole amount asks for all that is left; a refusal is shown as said', async () => {
  const network = stubFetch()
    .on('GET', '/api/auth/csrf', { csrfToken: 't' })
    .on('GET', PAYIN, card())
    .on('POST', REFUND, () =>
      Response.json(
        { error: { code: 'CONFLICT', message: 'Este pago ya se reembolsó por completo.' } },
        { status: 409 },
      ),
    );
  renderDetail('OWNER');
  const user = userEvent.setup();
  await user.type(await screen.findByLabelText('Motivo'), 'Cobro duplicado');
  await user.click(screen.getByRole('button', { name: 'Reembolsar' }));
  expect(await screen.findByText('Este pago ya se reembolsó por completo.')).toBeVisible();
  expect(await network.sent('POST', REFUND)[0]!.json()).toEqual({
    payin_id: 'payin-1',
    reason: 'Cobro duplicado',
  });
});

test('credit already spent: the warning is shown and refunding anyway confirms it', async () => {
  const warning =
    '$3,500.00 del saldo a favor que dejó este pago ya pagaron otros cargos de la familia. Si reembolsas, la familia quedará debiendo $3,500.00 a la escuela. Confirma para reembolsar de todos modos.';
  const network = stubFetch()
    .on('GET', '/api/auth/csrf', { csrfToken: 't' })
    .on('GET', PAYIN, card())
    .on('POST', REFUND, async (request: Request) =>
      (await request.json()).confirm_credit_spent
        ? Response.json(reversal({ amount_centavos: 350_000 }), { status: 201 })
        : Response.json(
            { error: { code: 'CREDIT_SPENT_NOT_CONFIRMED', message: warning } },
            { status: 409 },
          ),
    );
  renderDetail();
  const user = userEvent.setup();
  await user.type(await screen.findByLabelText('Motivo'), 'Cobro duplicado');
  await user.click(screen.getByRole('button', { name: 'Reembolsar' }));
  expect(await screen.findByRole('alert')).toHaveTextContent(warning);
  await user.click(screen.getByRole('button', { name: 'Reembolsar de todos modos' }));
  expect(await screen.findByRole('status')).toHaveTextContent('Reembolso de $3,500.00 solicitado.');
  const [first, second] = network.sent('POST', REFUND);
  expect(await second!.json()).toEqual({
    payin_id: 'payin-1',
    reason: 'Cobro duplicado',
    confirm_credit_spent: true,
  });
  expect(second!.headers.get('idempotency-key')).toBe(first!.headers.get('idempotency-key'));
});

test('a cashier and an administrative director see no refund action', async () => {
  for (const role of ['CASH_COLLECTION', 'ADMINISTRATIVE_DIRECTOR'] as const) {
    stubFetch().on('GET', PAYIN, card());
    renderDetail(role);
    await screen.findAllByRole('table', { name: 'Aplicado a' });
    expect(screen.queryByRole('button', { name: 'Reembolsar' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Anular pago' })).toBeNull();
  }
});

test('refunds asked for and not declined are not offered again', async () => {
  const declined = reversal({ id: 'reversal-2', status: 'declined', amount_centavos: 20_000 });
  stubFetch()
    .on('GET', '/api/auth/csrf', { csrfToken: 't' })
    .on('GET', PAYIN, { ...card(), reversals: [reversal(), declined] });
  renderDetail();
  expect(await screen.findByLabelText('Monto a reembolsar')).toHaveValue('1000.00');
});

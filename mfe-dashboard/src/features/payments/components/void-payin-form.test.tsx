/** @jest-environment @cuota/web-core/test-support/jsdom-environment */
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { forgetCsrfToken } from '@cuota/web-core/api/csrf';
import { stubFetch } from '@cuota/web-core/test-support/fetch-stub';
import type { StaffRole } from '@cuota/contracts/enrolment/entities';
import { payinFixture } from '../../../test-support/payin-fixture';
import { renderPayinDetail } from '../../../test-support/render-payin-detail';

const PAYIN = '/api/v2/schools/school-1/payins/payin-1/';
const VOID = '/api/v1/dashboard/schools/school-1/payins/payin-1/void/';
const reversal = {
  id: 'reversal-1',
  payin_id: 'payin-1',
  school_id: 'school-1',
  kind: 'void',
  status: 'applied',
  amount_centavos: 150_000,
  credit_reversed_centavos: 0,
  credit_owed_centavos: 0,
  reason: 'Monto equivocado',
  requested_by: 'user-1',
  requested_by_name: 'Marta Caja',
  error_message: null,
  created_at: '2026-03-10T17:00:00Z',
  applied_at: '2026-03-10T17:00:00Z',
};

const renderDetail = (role: StaffRole = 'CASH_COLLECTION') => renderPayinDetail(role);

beforeEach(() => forgetCsrfToken());

test('a desk payment is voided with its reason; the page then shows it canceled', async () => {
  let voided = false;
  const network = stubFetch()
    .on('GET', '/api/auth/csrf', { csrfToken: 't' })
    .on('GET', PAYIN, () => Response.json(payinFixture(voided ? { status: 'canceled' } : {})))
    .on('POST', VOID, () => {
      voided = true;
      return Response.json(reversal);
    });
  renderDetail();
  const user = userEvent.setup();
  await user.click(await screen.findByRole('button', { name: 'Anular pago' }));
  expect(
    await screen.findByText('Escribe el motivo de la anulación (al menos 5 caracteres).'),
  ).toBeVisible();
  expect(network.sent('POST', VOID)).toHaveLength(0);

  await user.type(screen.getByLabelText('Motivo'), 'Monto equivocado');
  await user.click(screen.getByRole('button', { name: 'Anular pago' }));
  expect(await screen.findByText('Cancelado')).toBeVisible();
  expect(screen.queryByRole('button', { name: 'Anular pago' })).toBeNull();
  expect(await network.sent('POST', VOID)[0]!.json()).toEqual({ reason: 'Monto equivocado' });
});

test('the service’s refusal is shown as it says it', async () => {
  stubFetch()
    .on('GET', '/api/auth/csrf', { csrfToken: 't' })
    .on('GET', PAYIN, payinFixture())
    .on('POST', VOID, () =>
      Response.json(
        { error: { code: 'FORBIDDEN', message: 'Solo puedes anular tus propios cobros del día.' } },
        { status: 403 },
      ),
    );
  renderDetail();
  const user = userEvent.setup();
  await user.type(await screen.findByLabelText('Motivo'), 'Monto equivocado');
  await user.click(screen.getByRole('button', { name: 'Anular pago' }));
  expect(await screen.findByText('Solo puedes anular tus propios cobros del día.')).toBeVisible();
});

test('a card payment gets no void form (it is refunded, not voided)', async () => {
  stubFetch().on('GET', PAYIN, payinFixture({ type: 'CARD', method: 'credit_card' }));
  renderDetail();
  await screen.findByRole('table', { name: 'Aplicado a' });
  expect(screen.queryByRole('button', { name: 'Anular pago' })).toBeNull();
});

test('an accountant reads the payment but gets no void form', async () => {
  stubFetch().on('GET', PAYIN, payinFixture());
  renderDetail('ACCOUNTANT');
  await screen.findByRole('table', { name: 'Aplicado a' });
  expect(screen.queryByRole('button', { name: 'Anular pago' })).toBeNull();
});

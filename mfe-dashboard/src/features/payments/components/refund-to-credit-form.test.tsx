/** @jest-environment @cuota/web-core/test-support/jsdom-environment */
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { forgetCsrfToken } from '@cuota/web-core/api/csrf';
import { stubFetch } from '@cuota/web-core/test-support/fetch-stub';
import type { StaffRole } from '@cuota/contracts/enrolment/entities';
import { speiPayinFixture } from '../../../test-support/payin-fixture';
import { renderPayinDetail } from '../../../test-support/render-payin-detail';

const PAYIN = '/api/v2/schools/school-1/payins/payin-1/';
const REFUND = '/api/v1/dashboard/schools/school-1/refund/';
const spei = speiPayinFixture;

const renderDetail = (role: StaffRole = 'TREASURER') => renderPayinDetail(role);

beforeEach(() => forgetCsrfToken());

test('a SPEI payment goes back to the family’s credit, not to a card nor voided at the desk', async () => {
  const network = stubFetch()
    .on('GET', '/api/auth/csrf', { csrfToken: 't' })
    .on('GET', PAYIN, spei())
    .on('POST', REFUND, () =>
      Response.json(
        {
          id: 'reversal-1',
          payin_id: 'payin-1',
          school_id: 'school-1',
          kind: 'refund',
          status: 'applied',
          amount_centavos: 120_000,
          credit_reversed_centavos: 0,
          credit_owed_centavos: 0,
          reason: 'Pagó el cargo equivocado',
          requested_by: 'user-1',
          requested_by_name: 'Tere Tesorera',
          error_message: null,
          created_at: '2026-09-06T17:00:00Z',
          applied_at: '2026-09-06T17:00:00Z',
        },
        { status: 201 },
      ),
    );
  renderDetail();
  const user = userEvent.setup();
  const button = await screen.findByRole('button', { name: 'Devolver a saldo a favor' });
  expect(screen.queryByRole('button', { name: 'Reembolsar' })).toBeNull();
  expect(screen.queryByRole('button', { name: /Anular/ })).toBeNull();
  const form = within(screen.getByRole('form', { name: 'Devolver a saldo a favor' }));
  expect(form.getByLabelText('Monto a devolver')).toHaveValue('1200.00');
  await user.type(form.getByLabelText('Motivo'), 'Pagó el cargo equivocado');
  await user.click(button);
  expect(
    await screen.findByText(
      'Se devolvieron $1,200.00 al saldo a favor de la familia. Los cargos volvieron a quedar pendientes.',
    ),
  ).toBeVisible();
  const [sent] = network.sent('POST', REFUND);
  expect(await sent!.json()).toEqual({
    payin_id: 'payin-1',
    reason: 'Pagó el cargo equivocado',
    to: 'credit',
  });
  expect(sent!.headers.get('idempotency-key')).toBeTruthy();
});

test('a cashier is not offered it', async () => {
  stubFetch().on('GET', PAYIN, spei());
  renderDetail('CASH_COLLECTION');
  await screen.findAllByRole('table', { name: 'Aplicado a' });
  expect(screen.queryByRole('button', { name: 'Devolver a saldo a favor' })).toBeNull();
});

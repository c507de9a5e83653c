/** @jest-environment @cuota/web-core/test-support/jsdom-environment */
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { forgetCsrfToken } from '@cuota/web-core/api/csrf';
import { apiErrorResponse, stubFetch } from '@cuota/web-core/test-support/fetch-stub';
import { renderWithProviders } from '@cuota/web-core/test-support/render-with-providers';
import { guardianSession } from '@cuota/web-core/test-support/session-fixtures';
import { owedOrder } from '../test-support/owed-order';
import { PayView } from './pay-page';

const OWED = '/api/v1/schools/school-1/fulfillments/';
const CARD_FORM = '/api/v1/schools/school-1/card_form/';
const PREFERENCES = '/api/v1/kushki_checkout/preferences/';
const sofia: [string, string] = ['student-1', 'Sofía López'];
const owed = [owedOrder('o-1', sofia)];

const preference = (instructions: object) => ({
  id: 'pref-1',
  school_id: 'school-1',
  method: 'transfer',
  amount_centavos: 250_000,
  items: [],
  instructions: {
    payin_id: 'pay-1',
    status: 'pending',
    amount_centavos: 250_000,
    expires_at: '2026-09-08T22:00:00.000Z',
    ...instructions,
  },
  created_at: '2026-09-05T22:00:00.000Z',
});

function renderPay() {
  return renderWithProviders(<PayView schoolId="school-1" />, {
    url: '/guardians/h/payments',
    path: '/guardians/:guardianHash/payments',
    session: guardianSession(),
  });
}

async function choose(method: string) {
  const user = userEvent.setup();
  await user.click(
    await screen.findByRole('checkbox', {
      name: 'Pagar Colegiatura septiembre 2026 de Sofía López',
    }),
  );
  await user.click(
    within(screen.getByRole('group', { name: 'Otras formas de pagar' })).getByRole('button', {
      name: method,
    }),
  );
  return user;
}

beforeEach(() => {
  forgetCsrfToken();
  sessionStorage.clear();
});

test('«Transferencia (SPEI)» asks for a reference with the order ids only and shows CLABE, reference, amount and expiry', async () => {
  const stub = stubFetch()
    .on('GET', OWED, owed)
    .on('GET', CARD_FORM, { kind: 'refused', message: 'Tu escuela no acepta tarjeta.' })
    .on('GET', '/api/auth/csrf', { csrfToken: 't' })
    .on(
      'POST',
      PREFERENCES,
      preference({
        method: 'transfer',
        reference: '1234567',
        clabe: '646180123456789015',
        bank: 'STP',
      }),
    );
  renderPay();
  const user = await choose('Transferencia (SPEI)');
  const section = await screen.findByRole('region', { name: 'Paga por transferencia (SPEI)' });
  expect(section).toHaveTextContent(/Monto exacto\$2,500\.00/);
  expect(section).toHaveTextContent('646 180 12345678901 5');
  expect(section).toHaveTextContent(/BancoSTP/);
  expect(section).toHaveTextContent(/Referencia1234567/);
  expect(section).toHaveTextContent(/Paga antes del8 sep 2026, 4:00 p\.m\./);
  const [sent] = stub.sent('POST', PREFERENCES);
  expect(await sent!.json()).toEqual({
    school_id: 'school-1',
    method: 'transfer',
    order_ids: ['o-1'],
  });
  expect(sent!.headers.get('idempotency-key')).toBeTruthy();

  const writeText = jest.fn().mockResolvedValue(undefined);
  Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
  await user.click(within(section).getByRole('button', { name: 'Copiar CLABE' }));
  expect(writeText).toHaveBeenCalledWith('646180123456789015');
  expect(await within(section).findByRole('button', { name: 'Copiar CLABE' })).toHaveTextContent(
    'Copiado',
  );
  expect(within(section).getByRole('button', { name: 'Imprimir instrucciones' })).toBeEnabled();
});

test('«Efectivo» shows the voucher reference without a CLABE; a refusal is shown in Spanish and retried with the same key', async () => {
  let calls = 0;
  const stub = stubFetch()
    .on('GET', OWED, owed)
    .on('GET', CARD_FORM, { kind: 'refused', message: 'Tu escuela no acepta tarjeta.' })
    .on('GET', '/api/auth/csrf', { csrfToken: 't' })
    .on('POST', PREFERENCES, () =>
      ++calls === 1
        ? apiErrorResponse(503, 'SERVICE_UNAVAILABLE', 'No pudimos generar tu referencia de pago.')
        : new Response(
            JSON.stringify(
              preference({ method: 'cash', reference: '12345678901234', clabe: null, bank: null }),
            ),
            {
              status: 201,
              headers: { 'content-type': 'application/json' },
            },
          ),
    );
  renderPay();
  const user = await choose('Efectivo');
  expect(await screen.findByText('No pudimos generar tu referencia de pago.')).toBeInTheDocument();
  await user.click(screen.getByRole('button', { name: 'Intentar de nuevo' }));
  const section = await screen.findByRole('region', { name: 'Paga en efectivo en tienda' });
  expect(section).toHaveTextContent(/Referencia12345678901234/);
  expect(section).not.toHaveTextContent('CLABE');
  const keys = stub.sent('POST', PREFERENCES).map((r) => r.headers.get('idempotency-key'));
  expect(keys).toHaveLength(2);
  expect(keys[1]).toBe(keys[0]);
});

/** @jest-environment @cuota/web-core/test-support/jsdom-environment */
import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { forgetCsrfToken } from '@cuota/web-core/api/csrf';
import { stubFetch } from '@cuota/web-core/test-support/fetch-stub';
import { renderWithProviders } from '@cuota/web-core/test-support/render-with-providers';
import { guardianSession } from '@cuota/web-core/test-support/session-fixtures';
import { owedOrder } from '../test-support/owed-order';
import { SELECTION_KEY } from '@cuota/web-core/payment-selection/selection-storage';
import { PayView } from './pay-page';

/**
 * Kushki's SDK stands in for Kushki's servers and hosted-field iframes, which cannot be
 * reached here (ADR 0030): the test checks what the portal asks of the SDK and what it does
 * with the SDK's answers. Its real network calls are not exercised offline.
 */
const kushki = {
  init: jest.fn(),
  initCardToken: jest.fn(),
  requestToken: jest.fn(),
  validity: (_event: { isFormValid: boolean }) => {},
};
jest.mock('@kushki/js-sdk', () => ({ init: (o: unknown) => kushki.init(o) }), { virtual: true });
jest.mock(
  '@kushki/js-sdk/Card',
  () => ({ initCardToken: (k: unknown, o: unknown) => kushki.initCardToken(k, o) }),
  { virtual: true },
);

const OWED = '/api/v1/schools/school-1/fulfillments/';
const CARD_FORM = '/api/v1/schools/school-1/card_form/';
const CHECKOUT = '/api/v1/payments_v2/checkout/';
const colegiatura = owedOrder('o-1', ['student-1', 'Sofía López']);

beforeEach(() => {
  forgetCsrfToken();
  sessionStorage.setItem(
    SELECTION_KEY,
    JSON.stringify({ items: [colegiatura], counters: [], total: 250_000, all_with_student: true }),
  );
  kushki.init.mockResolvedValue({ kushki: true });
  kushki.initCardToken.mockResolvedValue({
    onFieldValidity: (listener: typeof kushki.validity) => (kushki.validity = listener),
    requestToken: () => kushki.requestToken(),
  });
});

async function openKushkiForm(inTest: boolean) {
  const network = stubFetch()
    .on('GET', '/api/auth/csrf', { csrfToken: 't' })
    .on('GET', OWED, [colegiatura])
    .on('GET', CARD_FORM, { kind: 'kushki_js', public_merchant_id: 'pm-kushki', in_test: inTest })
    .on('POST', CHECKOUT, () =>
      Response.json(
        {
          id: 'pay-1',
          school_id: 'school-1',
          status: 'pending',
          method: 'credit_card',
          amount_centavos: 250_000,
          card: null,
          allocations: [],
          error: null,
          created_at: '2026-09-05T16:00:00.000Z',
          paid_at: null,
        },
        { status: 202 },
      ),
    );
  renderWithProviders(<PayView schoolId="school-1" />, {
    url: '/guardians/h/payments',
    path: '/guardians/:guardianHash/payments',
    session: guardianSession(),
  });
  const user = userEvent.setup();
  await user.click(await screen.findByRole('button', { name: 'Pagar con tarjeta' }));
  await screen.findByRole('group', { name: 'Datos de la tarjeta' });
  await act(async () => {});
  return { network, user };
}

test('a Kushki school’s card is typed into Kushki’s hosted fields and only its token is sent', async () => {
  const { network, user } = await openKushkiForm(true);
  expect(kushki.init).toHaveBeenCalledWith({ publicCredentialId: 'pm-kushki', inTest: true });
  const [, options] = kushki.initCardToken.mock.calls[0]!;
  expect(options).toMatchObject({
    amount: { subtotalIva: 0, subtotalIva0: 2500, iva: 0 },
    currency: 'MXN',
    fields: {
      cardholderName: { selector: 'kushki-nombre' },
      cardNumber: { selector: 'kushki-numero' },
      expirationDate: { selector: 'kushki-vencimiento' },
      cvv: { selector: 'kushki-cvv' },
      otp: { selector: 'kushki-otp' },
    },
  });
  for (const { selector } of Object.values(options.fields as Record<string, { selector: string }>))
    expect(document.getElementById(selector)).not.toBeNull();

  const pay = screen.getByRole('button', { name: 'Pagar $2,500.00' });
  expect(pay).toBeDisabled();
  act(() => kushki.validity({ isFormValid: true }));
  expect(pay).toBeEnabled();
  kushki.requestToken.mockResolvedValue({
    token: 'a2b74b7e3cf24e368a20380f16844d16',
    cardInfo: { brand: 'visa', lastFourDigits: '0335', bin: '457441', expirationDate: '12/28' },
  });
  await user.click(pay);
  expect(await screen.findByText('Estamos confirmando tu pago con el banco…')).toBeVisible();
  const [sent] = network.sent('POST', CHECKOUT);
  expect(await sent!.json()).toEqual({
    school_id: 'school-1',
    items: [{ order_id: 'o-1', student_id: 'student-1', counter: 1 }],
    card: { token: 'a2b74b7e3cf24e368a20380f16844d16' },
  });
});

test('a production school uses Kushki’s production; a failed tokenisation says so in Spanish', async () => {
  const { network, user } = await openKushkiForm(false);
  expect(kushki.init).toHaveBeenLastCalledWith({ publicCredentialId: 'pm-kushki', inTest: false });
  act(() => kushki.validity({ isFormValid: true }));
  kushki.requestToken.mockRejectedValue(new Error('3DS rejected'));
  await user.click(screen.getByRole('button', { name: 'Pagar $2,500.00' }));
  expect(await screen.findByRole('alert')).toHaveTextContent('No pudimos validar tu tarjeta');
  expect(network.sent('POST', CHECKOUT)).toHaveLength(0);
});

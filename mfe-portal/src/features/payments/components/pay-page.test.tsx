/** @jest-environment @cuota/web-core/test-support/jsdom-environment */
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { forgetCsrfToken } from '@cuota/web-core/api/csrf';
import { stubFetch } from '@cuota/web-core/test-support/fetch-stub';
import { renderWithProviders } from '@cuota/web-core/test-support/render-with-providers';
import { guardianSession } from '@cuota/web-core/test-support/session-fixtures';
import { owedOrder } from '../test-support/owed-order';
import {
  SELECTION_KEY,
  STUDENT_IDS_KEY,
} from '@cuota/web-core/payment-selection/selection-storage';
import { PayView } from './pay-page';

const OWED = '/api/v1/schools/school-1/fulfillments/';
const CARD_FORM = '/api/v1/schools/school-1/card_form/';
const CHECKOUT = '/api/v1/payments_v2/checkout/';
const GATEWAY = 'http://gateway.test';
/** The school's card form: the gateway sandbox's hosted form. */
const HOSTED_FORM = {
  kind: 'hosted_form',
  form_url: `${GATEWAY}/hosted/card-form`,
  public_merchant_id: 'pm-1',
};

const sofia: [string, string] = ['student-1', 'Sofía López'];
const diego: [string, string] = ['student-2', 'Diego López'];
const owed = [
  owedOrder('o-1', sofia),
  owedOrder('o-2', sofia, {
    period: '2026-08',
    late_fee_centavos: 12_500,
    pending_amount: 262_500,
    final_amount: 262_500,
  }),
  owedOrder('o-3', diego, {
    concept_name: 'Inscripción',
    concept_type: 'INSCRIPTION',
    period: null,
    status: 'PARTIAL_PAID',
    paid_centavos: 100_000,
    pending_amount: 150_000,
  }),
];
const pending = {
  id: 'pay-1',
  school_id: 'school-1',
  status: 'pending',
  method: 'credit_card',
  amount_centavos: 412_500,
  card: { brand: 'Mastercard', last4: '5480' },
  allocations: [],
  error: null,
  created_at: '2026-09-05T16:00:00.000Z',
  paid_at: null,
};

function renderPay() {
  return renderWithProviders(<PayView schoolId="school-1" />, {
    url: '/guardians/h/payments',
    path: '/guardians/:guardianHash/payments',
    session: guardianSession(),
  });
}

/** What the gateway's form in the iframe says to the portal. */
function fromCardForm(data: object) {
  const frame = screen.getByTitle('Datos de la tarjeta') as HTMLIFrameElement;
  act(() => {
    window.dispatchEvent(
      new MessageEvent('message', { data, origin: GATEWAY, source: frame.contentWindow }),
    );
  });
}

beforeEach(() => {
  forgetCsrfToken();
  sessionStorage.clear();
});

test('what is owed shows per student with due date, late fee and status; the total follows the selection', async () => {
  stubFetch().on('GET', OWED, owed).on('GET', CARD_FORM, HOSTED_FORM);
  renderPay();
  const user = userEvent.setup();
  const sofiaOrders = await screen.findByRole('region', { name: 'Sofía López' });
  expect(within(sofiaOrders).getAllByRole('listitem')[1]).toHaveTextContent(
    /Colegiatura agosto 2026.*Incluye recargo de \$125\.00.*Sin pagar.*\$2,625\.00/,
  );
  expect(screen.getByRole('region', { name: 'Diego López' })).toHaveTextContent('Pago parcial');

  await user.click(
    screen.getByRole('checkbox', { name: 'Pagar Colegiatura agosto 2026 de Sofía López' }),
  );
  await user.click(screen.getByRole('checkbox', { name: 'Pagar Inscripción de Diego López' }));
  expect(screen.getByText(/Total a pagar/)).toHaveTextContent('$4,125.00');
  expect(JSON.parse(sessionStorage.getItem(STUDENT_IDS_KEY)!)).toEqual(['student-1', 'student-2']);
  expect(JSON.parse(sessionStorage.getItem(SELECTION_KEY)!).total).toBe(412_500);

  await user.click(screen.getByRole('checkbox', { name: 'Pagar Inscripción de Diego López' }));
  expect(screen.getByText(/Total a pagar/)).toHaveTextContent('$2,625.00');
});

test("a student's «Seleccionar todo» takes all of theirs; the bar counts; checkout lists them", async () => {
  stubFetch().on('GET', OWED, owed).on('GET', CARD_FORM, HOSTED_FORM);
  renderPay();
  const user = userEvent.setup();
  const sofiaOrders = await screen.findByRole('region', { name: 'Sofía López' });
  expect(sofiaOrders).toHaveTextContent('Debe $5,125.00');
  const bar = screen.getByRole('region', { name: 'Tu pago' });
  expect(bar).toHaveTextContent('Elige qué pagar');

  await user.click(
    within(sofiaOrders).getByRole('checkbox', {
      name: 'Pagar Colegiatura agosto 2026 de Sofía López',
    }),
  );
  const all = within(sofiaOrders).getByRole('checkbox', { name: 'Seleccionar todo de Sofía' });
  expect(all).not.toBeChecked();
  expect((all as HTMLInputElement).indeterminate).toBe(true);
  await user.click(all);
  expect(all).toBeChecked();
  expect(bar).toHaveTextContent(/Total a pagar: \$5,125\.00\s*2 cargos/);

  await user.click(screen.getByRole('checkbox', { name: 'Pagar Inscripción de Diego López' }));
  expect(bar).toHaveTextContent(/\$6,625\.00\s*3 cargos/);
  await user.click(all);
  expect(bar).toHaveTextContent(/\$1,500\.00\s*1 cargo/);
  await user.click(all);

  await user.click(within(bar).getByRole('button', { name: 'Pagar con tarjeta' }));
  const summary = await screen.findByRole('region', { name: 'Lo que vas a pagar' });
  const lines = within(summary).getAllByRole('listitem');
  // In the page's order, whatever order they were picked in.
  expect(lines.map((l) => l.textContent)).toEqual([
    'Colegiatura septiembre 2026Sofía López$2,500.00',
    'Colegiatura agosto 2026Sofía López$2,625.00',
    'InscripciónDiego López$1,500.00',
  ]);
  expect(summary).toHaveTextContent('Total$6,625.00');
});

test('paying by card sends only order ids and the token, then shows the payment settled', async () => {
  sessionStorage.setItem(
    SELECTION_KEY,
    JSON.stringify({ items: [owed[1]], counters: [], total: 262_500, all_with_student: true }),
  );
  const network = stubFetch()
    .on('GET', '/api/auth/csrf', { csrfToken: 't' })
    .on('GET', OWED, owed)
    .on('GET', CARD_FORM, HOSTED_FORM)
    .on('POST', CHECKOUT, () => Response.json(pending, { status: 202 }))
    .on('GET', '/api/v1/payments_v2/payment-status/pay-1/', {
      ...pending,
      status: 'success',
      amount_centavos: 262_500,
      paid_at: '2026-09-05T16:00:03.000Z',
    });
  renderPay();
  const user = userEvent.setup();
  await user.click(await screen.findByRole('button', { name: 'Pagar con tarjeta' }));

  const frame = await screen.findByTitle('Datos de la tarjeta');
  const src = new URL(frame.getAttribute('src')!);
  expect(src.origin + src.pathname).toBe(`${GATEWAY}/hosted/card-form`);
  expect(src.searchParams.get('amount')).toBe('2625.00');
  expect(src.searchParams.get('publicMerchantId')).toBe('pm-1');
  const pay = screen.getByRole('button', { name: 'Pagar $2,625.00' });
  expect(pay).toBeDisabled();
  fromCardForm({ type: 'cuota:card-state', valid: true, busy: false, height: 300 });
  expect(pay).toBeEnabled();
  fromCardForm({
    type: 'cuota:card-token',
    token: 'tok_0123456789abcdef',
    brand: 'Mastercard',
    last4: '5480',
  });

  expect(await screen.findByRole('heading', { name: '¡Pago recibido!' })).toBeVisible();
  const [sent] = network.sent('POST', CHECKOUT);
  expect(await sent!.json()).toEqual({
    school_id: 'school-1',
    items: [{ order_id: 'o-2', student_id: 'student-1', counter: 1 }],
    card: { token: 'tok_0123456789abcdef' },
  });
  expect(sent!.headers.get('idempotency-key')).toMatch(/^[A-Za-z0-9_.:-]{8,128}$/);
  await waitFor(() => expect(JSON.parse(sessionStorage.getItem(SELECTION_KEY)!).items).toEqual([]));
});

test('a declined card shows the Spanish reason once (no page alert) and the next attempt uses a new key', async () => {
  sessionStorage.setItem(
    SELECTION_KEY,
    JSON.stringify({ items: [owed[0]], counters: [], total: 250_000, all_with_student: true }),
  );
  const declined = 'Tu banco rechazó el cargo. No se hizo ningún cobro.';
  const network = stubFetch()
    .on('GET', '/api/auth/csrf', { csrfToken: 't' })
    .on('GET', OWED, owed)
    .on('GET', CARD_FORM, HOSTED_FORM)
    .on('POST', CHECKOUT, () =>
      Response.json({ error: { code: 'CARD_DECLINED', message: declined } }, { status: 402 }),
    );
  const { store } = renderPay();
  await userEvent.setup().click(await screen.findByRole('button', { name: 'Pagar con tarjeta' }));
  await screen.findByTitle('Datos de la tarjeta');
  fromCardForm({
    type: 'cuota:card-token',
    token: 'tok_declined_000000',
    brand: 'Visa',
    last4: '0002',
  });
  expect(await screen.findByText(declined)).toBeVisible();
  // The card form's line says it; the page alert (the shell's banner) stays closed.
  expect(store.getState().alert.open).toBe(false);
  fromCardForm({
    type: 'cuota:card-token',
    token: 'tok_declined_000001',
    brand: 'Visa',
    last4: '0002',
  });
  await screen.findByText(declined);
  await act(async () => {});
  const keys = network.sent('POST', CHECKOUT).map((r) => r.headers.get('idempotency-key'));
  expect(keys).toHaveLength(2);
  expect(keys[0]).not.toBe(keys[1]);
});

test('messages from any other window are ignored', async () => {
  sessionStorage.setItem(
    SELECTION_KEY,
    JSON.stringify({ items: [owed[0]], counters: [], total: 250_000, all_with_student: true }),
  );
  const network = stubFetch().on('GET', OWED, owed).on('GET', CARD_FORM, HOSTED_FORM);
  renderPay();
  await userEvent.setup().click(await screen.findByRole('button', { name: 'Pagar con tarjeta' }));
  await screen.findByTitle('Datos de la tarjeta');
  act(() => {
    window.dispatchEvent(
      new MessageEvent('message', {
        data: { type: 'cuota:card-token', token: 'tok_forged_0000000' },
        origin: 'http://evil.test',
      }),
    );
  });
  expect(network.sent('POST', CHECKOUT)).toHaveLength(0);
});

test('nothing owed: the family is told it is up to date', async () => {
  stubFetch().on('GET', OWED, []);
  renderPay();
  expect(await screen.findByRole('heading', { name: 'Estás al corriente' })).toBeVisible();
});

test('a family its school judged high risk is told before choosing, and cannot start a card payment', async () => {
  const message =
    'Por ahora no es posible pagar con tarjeta. Paga en la caja de tu escuela o por transferencia.';
  stubFetch().on('GET', OWED, owed).on('GET', CARD_FORM, { kind: 'refused', message });
  renderPay();
  const user = userEvent.setup();
  expect(await screen.findByText(message)).toBeInTheDocument();
  expect(screen.getByRole('link', { name: 'Repórtalo en tu historial de pagos' })).toHaveAttribute(
    'href',
    '/guardians/h/payments/history',
  );
  await user.click(screen.getByRole('checkbox', { name: 'Pagar Inscripción de Diego López' }));
  expect(screen.getByRole('button', { name: 'Pagar con tarjeta' })).toBeDisabled();
});

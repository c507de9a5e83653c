/** @jest-environment @cuota/web-core/test-support/jsdom-environment */
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { GuardianMe } from '@cuota/contracts/enrolment/responses';
import { forgetCsrfToken } from '@cuota/web-core/api/csrf';
import { stubFetch } from '@cuota/web-core/test-support/fetch-stub';
import { renderWithProviders } from '@cuota/web-core/test-support/render-with-providers';
import { guardianSession } from '@cuota/web-core/test-support/session-fixtures';
import type { Session } from '@cuota/contracts/identity/session';
import { cartKey } from '../features/shop/utils/cart-storage';
import { catalogueOf, STORE } from '../features/shop/test-support/store-catalogue';
import StoreApp from './app';

const GATEWAY = 'http://127.0.0.1:8090';
const CARD_FORM = '/api/v1/schools/school-1/store-card-form/';
const CHECKOUT = '/api/v1/schools/school-1/store-checkout/';
const SIGNUP = '/api/v1/schools/school-1/signup/';
const ME = '/api/trpc/guardian.me';
const catalogue = catalogueOf();
const pending = {
  payment_id: 'pay-1',
  school_id: 'school-1',
  order_id: 'order-1',
  status: 'pending',
  total_centavos: 70_000,
  receipt_number: null,
  card: null,
  instructions: null,
  error: null,
  created_at: '2026-09-05T16:00:00.000Z',
  paid_at: null,
};
const dependent = (id: string, first_name: string, school_id = 'school-1') => ({
  id,
  first_name,
  last_name: 'López',
  school_id,
  level: 'elementary' as const,
  section: null,
  status: 'active' as const,
  guardians: [],
  billing_guardian: null,
});
const me = (dependents: GuardianMe['dependents']): GuardianMe => ({
  id: 'guardian-1',
  first_name: 'María',
  last_name: 'López',
  email: 'maria@example.mx',
  guardian_hash: 'h',
  onboarding_stage: 'COMPLETED',
  fraud_status: 'no_risk',
  schools: [{ id: 'school-1', name: 'Colegio' }],
  dependents,
});

function network() {
  return stubFetch()
    .on('GET', '/api/auth/csrf', { csrfToken: 't' })
    .on('GET', STORE, catalogue)
    .on('GET', CARD_FORM, {
      kind: 'hosted_form',
      form_url: `${GATEWAY}/hosted/card-form`,
      public_merchant_id: 'pm-1',
    })
    .on('POST', CHECKOUT, () => Response.json(pending, { status: 202 }))
    .on('GET', `${CHECKOUT}pay-1/`, pending);
}

function renderCheckout(session: Session | null) {
  localStorage.setItem(
    cartKey('school-1'),
    JSON.stringify([{ variant_id: 'polo-8', quantity: 2 }]),
  );
  return renderWithProviders(<StoreApp />, {
    url: '/store/school-1/pago',
    path: '/store/*',
    session,
  });
}

/** What the gateway's form in the iframe says to the store. */
async function cardFormSays(data: object) {
  const frame = (await screen.findByTitle('Datos de la tarjeta')) as HTMLIFrameElement;
  act(() => {
    window.dispatchEvent(
      new MessageEvent('message', { data, origin: GATEWAY, source: frame.contentWindow }),
    );
  });
}
const tokenised = () =>
  cardFormSays({
    type: 'cuota:card-token',
    token: 'tok_0123456789abcdef',
    brand: 'Visa',
    last4: '4242',
  });

async function fillGuest(user: ReturnType<typeof userEvent.setup>) {
  await user.type(screen.getByLabelText('Tu nombre'), 'Laura');
  await user.type(screen.getByLabelText('Tus apellidos'), 'Gómez Ruiz');
  await user.type(screen.getByLabelText(/Tu correo/), 'Laura@Example.mx');
  await user.type(screen.getByLabelText('Tu teléfono'), '5512345678');
  await user.type(screen.getByLabelText('Nombre del alumno'), 'Pablo');
  await user.type(screen.getByLabelText('Apellidos del alumno'), 'Gómez');
}

beforeEach(() => {
  forgetCsrfToken();
  localStorage.clear();
});

test('a guest leaves name, e-mail, phone and the child: a lead first, then the purchase', async () => {
  const LEAD = '6f1d2c3b-4a5e-4f60-8a7b-9c0d1e2f3a4b';
  const net = network().on('POST', SIGNUP, () =>
    Response.json(
      { message: 'Recibimos tu registro.', registered: 1, lead_ids: [LEAD] },
      { status: 201 },
    ),
  );
  renderCheckout(null);
  const user = userEvent.setup();
  await cardFormSays({ type: 'cuota:card-state', valid: true, busy: false, height: 300 });
  const pay = screen.getByRole('button', { name: 'Pagar $700.00' });
  expect(pay).toBeDisabled();
  await fillGuest(user);
  expect(pay).toBeDisabled();
  await user.click(screen.getByRole('checkbox', { name: /Acepto el/ }));
  expect(pay).toBeEnabled();
  expect(screen.getByText(/tu compra se factura a público en general/)).toBeVisible();
  await tokenised();

  await waitFor(() => expect(net.sent('POST', CHECKOUT)).toHaveLength(1));
  const [lead] = net.sent('POST', SIGNUP);
  expect(await lead!.json()).toEqual({
    guardian: {
      first_name: 'Laura',
      last_name: 'Gómez Ruiz',
      email: 'laura@example.mx',
      phone: '5512345678',
      relationship: null,
    },
    students: [
      {
        first_name: 'Pablo',
        last_name: 'Gómez',
        level: 'elementary',
        section_id: null,
        gender: null,
        birth_date: null,
      },
    ],
    privacy_accepted: true,
  });
  const [purchase] = net.sent('POST', CHECKOUT);
  expect(await purchase!.json()).toEqual({
    lines: [{ variant_id: 'polo-8', quantity: 2 }],
    student_id: null,
    buyer_email: 'Laura@Example.mx',
    // The purchase names the guest's lead: the school sees who bought (ADR 0092).
    lead_id: LEAD,
    fiscal: null,
    method: 'card',
    card: { token: 'tok_0123456789abcdef' },
  });
});

test('a guest who wants a CFDI to their name leaves their fiscal data with the purchase', async () => {
  const net = network().on('POST', SIGNUP, () =>
    Response.json({ message: 'Recibimos tu registro.', registered: 1 }, { status: 201 }),
  );
  renderCheckout(null);
  const user = userEvent.setup();
  await cardFormSays({ type: 'cuota:card-state', valid: true, busy: false, height: 300 });
  await fillGuest(user);
  await user.click(screen.getByRole('checkbox', { name: /Acepto el/ }));
  await user.click(screen.getByRole('checkbox', { name: 'Quiero factura (CFDI) a mi nombre' }));
  const pay = screen.getByRole('button', { name: 'Pagar $700.00' });
  expect(pay).toBeDisabled();
  await user.type(screen.getByLabelText('RFC'), 'gorl850101aba');
  await user.type(screen.getByLabelText(/Nombre o razón social/), 'LAURA GOMEZ RUIZ');
  await user.type(screen.getByLabelText('Código postal fiscal'), '03100');
  await user.selectOptions(screen.getByLabelText('Régimen fiscal'), '612');
  expect(pay).toBeEnabled();
  await tokenised();

  await waitFor(() => expect(net.sent('POST', CHECKOUT)).toHaveLength(1));
  const [purchase] = net.sent('POST', CHECKOUT);
  expect(await purchase!.json()).toMatchObject({
    lead_id: null,
    fiscal: {
      tax_id: 'GORL850101ABA',
      billing_name: 'LAURA GOMEZ RUIZ',
      tax_zip_code: '03100',
      tax_regime: '612',
      cfdi_use: 'G03',
    },
  });
});

test('a family with two students here chooses for whom; no guest fields', async () => {
  const net = network().on('GET', ME, [
    {
      result: {
        data: me([
          dependent('student-1', 'Sofía'),
          dependent('student-2', 'Diego'),
          dependent('student-3', 'Ana', 'school-2'),
        ]),
      },
    },
  ]);
  renderCheckout(guardianSession());
  const user = userEvent.setup();
  const chooser = await screen.findByLabelText('¿Para quién es la compra?');
  expect(screen.queryByLabelText('Tu correo')).toBeNull();
  expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual([
    'Elige a tu alumno',
    'Sofía López',
    'Diego López',
  ]);
  await cardFormSays({ type: 'cuota:card-state', valid: true, busy: false, height: 300 });
  const pay = screen.getByRole('button', { name: 'Pagar $700.00' });
  expect(pay).toBeDisabled();
  await user.selectOptions(chooser, 'student-2');
  expect(pay).toBeEnabled();
  await tokenised();
  await waitFor(() => expect(net.sent('POST', CHECKOUT)).toHaveLength(1));
  const [purchase] = net.sent('POST', CHECKOUT);
  expect(await purchase!.json()).toMatchObject({ student_id: 'student-2', buyer_email: null });
  expect(net.sent('POST', SIGNUP)).toEqual([]);
});

test('a family with one student here buys for them without choosing', async () => {
  network().on('GET', ME, [{ result: { data: me([dependent('student-1', 'Sofía')]) } }]);
  renderCheckout(guardianSession());
  expect(await screen.findByText('Compra para Sofía.')).toBeVisible();
  await cardFormSays({ type: 'cuota:card-state', valid: true, busy: false, height: 300 });
  expect(screen.getByRole('button', { name: 'Pagar $700.00' })).toBeEnabled();
});

const speiPending = {
  ...pending,
  instructions: {
    payin_id: 'pay-1',
    method: 'transfer',
    status: 'pending',
    amount_centavos: 70_000,
    reference: '1234567',
    clabe: '646180123456789012',
    bank: 'STP',
    expires_at: '2026-09-08T16:00:00.000Z',
  },
};

test('a family pays by SPEI: no card form; the answer shows CLABE, reference and deadline', async () => {
  const net = network()
    .on('GET', ME, [{ result: { data: me([dependent('student-1', 'Sofía')]) } }])
    .on('POST', CHECKOUT, () => Response.json(speiPending, { status: 202 }))
    .on('GET', `${CHECKOUT}pay-1/`, speiPending);
  renderCheckout(guardianSession());
  const user = userEvent.setup();
  expect(await screen.findByText('Compra para Sofía.')).toBeVisible();
  expect(screen.getByRole('radio', { name: /Tarjeta/ })).toBeChecked();
  await user.click(screen.getByRole('radio', { name: /Transferencia \(SPEI\)/ }));
  expect(screen.queryByTitle('Datos de la tarjeta')).toBeNull();
  await user.click(screen.getByRole('button', { name: 'Obtener referencia de pago' }));

  await waitFor(() => expect(net.sent('POST', CHECKOUT)).toHaveLength(1));
  const [purchase] = net.sent('POST', CHECKOUT);
  expect(await purchase!.json()).toMatchObject({
    student_id: 'student-1',
    method: 'transfer',
    card: null,
  });
  const instructions = await screen.findByRole('region', { name: 'Paga por transferencia (SPEI)' });
  expect(instructions).toHaveTextContent('646 180 12345678901 2');
  expect(instructions).toHaveTextContent('1234567');
  expect(instructions).toHaveTextContent('$700.00');
  expect(instructions).toHaveTextContent('Paga antes del');
  expect(screen.getByRole('button', { name: 'Copiar CLABE' })).toBeVisible();
  expect(screen.getByRole('button', { name: 'Imprimir instrucciones' })).toBeVisible();
});

test('a guest picks cash: the button asks for the voucher, enabled once their data is in', async () => {
  const net = network().on('POST', SIGNUP, () =>
    Response.json({ message: 'Recibimos tu registro.', registered: 1 }, { status: 201 }),
  );
  renderCheckout(null);
  const user = userEvent.setup();
  await user.click(await screen.findByRole('radio', { name: /Efectivo/ }));
  const ask = screen.getByRole('button', { name: 'Obtener referencia de pago' });
  expect(ask).toBeDisabled();
  await fillGuest(user);
  await user.click(screen.getByRole('checkbox', { name: /Acepto el/ }));
  expect(ask).toBeEnabled();
  await user.click(ask);
  await waitFor(() => expect(net.sent('POST', CHECKOUT)).toHaveLength(1));
  const [purchase] = net.sent('POST', CHECKOUT);
  expect(await purchase!.json()).toMatchObject({ method: 'cash', card: null, student_id: null });
});

/** @jest-environment @cuota/web-core/test-support/jsdom-environment */
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { forgetCsrfToken } from '@cuota/web-core/api/csrf';
import { jsonResponse, stubFetch } from '@cuota/web-core/test-support/fetch-stub';
import { renderWithProviders } from '@cuota/web-core/test-support/render-with-providers';
import { cartKey } from '../features/shop/utils/cart-storage';
import { catalogueOf, polo, STORE } from '../features/shop/test-support/store-catalogue';
import StoreApp from './app';

const VALIDATE = '/api/v1/schools/school-1/validate_stock/';
const CARD_FORM = '/api/v1/schools/school-1/store-card-form/';
const catalogue = catalogueOf(
  {
    ...polo,
    description: 'Algodón, con escudo bordado.',
    category: { id: 'c1', name: 'Uniformes' },
    variants: [...polo.variants, { id: 'polo-10', size: '10', colour: null, available: 0 }],
  },
  {
    id: 'ticket',
    name: 'Boleto festival',
    description: '',
    category: null,
    price_centavos: 12_050,
    tax: 'EXENTO',
    photos: [],
    variants: [{ id: 'ticket-1', size: null, colour: null, available: null }],
  },
);
const render = (page = '') =>
  renderWithProviders(<StoreApp />, {
    url: `/store/school-1${page}`,
    path: '/store/*',
    session: null,
  });
beforeEach(() => {
  forgetCsrfToken();
  localStorage.clear();
});

test('the catalogue shows price and stock; toggling off removes only that item and the cart survives a reload', async () => {
  stubFetch().on('GET', STORE, catalogue);
  const { unmount } = render();
  const user = userEvent.setup();
  expect(await screen.findByRole('heading', { name: 'Playera polo' })).toBeVisible();
  expect(screen.getByText(/Quedan 3/)).toBeVisible();
  expect(screen.getByText(/Agotado/)).toBeVisible();
  expect(
    screen.getByRole('button', { name: 'Agregar al carrito: Playera polo, Talla 10' }),
  ).toBeDisabled();

  await user.click(
    screen.getByRole('button', { name: 'Agregar al carrito: Playera polo, Talla 8' }),
  );
  await user.click(
    screen.getByRole('button', { name: 'Agregar al carrito: Boleto festival, Única' }),
  );
  expect(screen.getByRole('link', { name: 'Ver carrito (2)' })).toBeVisible();
  await user.click(
    screen.getByRole('button', { name: 'Quitar del carrito: Playera polo, Talla 8' }),
  );
  expect(screen.getByRole('link', { name: 'Ver carrito (1)' })).toBeVisible();
  expect(JSON.parse(localStorage.getItem(cartKey('school-1'))!)).toEqual([
    { variant_id: 'ticket-1', quantity: 1 },
  ]);

  unmount();
  render('/carrito');
  expect(await screen.findByText('Boleto festival · Única')).toBeVisible();
  expect(screen.getByText(/Total:/)).toHaveTextContent('Total: $120.50 MXN');
});

test('the stock is checked before paying; a short line says why in Spanish and nothing moves on', async () => {
  localStorage.setItem(
    cartKey('school-1'),
    JSON.stringify([{ variant_id: 'polo-8', quantity: 5 }]),
  );
  const network = stubFetch()
    .on('GET', STORE, catalogue)
    .on('GET', '/api/auth/csrf', { csrfToken: 't' })
    .on('POST', VALIDATE, () =>
      jsonResponse({
        ok: false,
        lines: [
          {
            variant_id: 'polo-8',
            requested: 5,
            available: 3,
            can_sell: false,
            message: 'Solo quedan 3.',
          },
        ],
      }),
    );
  const { router } = render('/carrito');
  const user = userEvent.setup();
  const line = (await screen.findByText('Playera polo · Talla 8')).closest('li')!;
  expect(within(line).getByText('$1,750.00')).toBeVisible();
  await user.click(screen.getByRole('button', { name: 'Continuar al pago' }));

  expect(await screen.findByText('Solo quedan 3.')).toBeVisible();
  expect(router.state.location.pathname).toBe('/store/school-1/carrito');
  const [sent] = network.sent('POST', VALIDATE);
  expect(await sent!.json()).toEqual({ lines: [{ variant_id: 'polo-8', quantity: 5 }] });

  network.on('POST', VALIDATE, { ok: true, lines: [] });
  network.on('GET', CARD_FORM, {
    kind: 'hosted_form',
    form_url: 'http://127.0.0.1:8090/hosted/card-form',
    public_merchant_id: 'pub-escuela',
  });
  await user.click(screen.getByRole('button', { name: 'Continuar al pago' }));
  expect(await screen.findByRole('heading', { name: 'Pago' })).toBeVisible();
  // The gateway's form is framed; the amount there is the cart's, paying waits for an e-mail.
  const frame = await screen.findByTitle('Datos de la tarjeta');
  expect(frame.getAttribute('src')).toContain('amount=1750.00');
  expect(screen.getByRole('button', { name: 'Pagar $1,750.00' })).toBeDisabled();
});

/** @jest-environment @cuota/web-core/test-support/jsdom-environment */
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { UNREGISTERED_ORIGIN } from '@cuota/contracts/enrolment/embed-origins';
import { stubFetch } from '@cuota/web-core/test-support/fetch-stub';
import { setApiOrigin } from '@cuota/web-core/api/api-origin';
import { catalogueOf, polo, STORE } from '../features/shop/test-support/store-catalogue';
import { mountStore } from './mount-store';

const CUOTA = 'https://cuota.example';
const catalogue = catalogueOf({
  ...polo,
  description: 'Algodón, con escudo bordado.',
  variants: [...polo.variants, { id: 'polo-10', size: '10', colour: null, available: 0 }],
});

let unmount: (() => void) | undefined;
afterEach(() => {
  act(() => unmount?.());
  setApiOrigin('');
  localStorage.clear();
  document.body.replaceChildren();
});

/** A `<cuota-store>`'s shadow root on a school's page, with the store mounted in it. */
function mountOnSchoolPage() {
  const element = document.createElement('div');
  document.body.append(element);
  const root = element.attachShadow({ mode: 'open' });
  act(() => void (unmount = mountStore(root, { schoolId: 'school-1', apiOrigin: CUOTA })));
  return { root, store: within(root.firstElementChild as HTMLElement) };
}

test("the school's catalogue comes from Cuota's origin and its styles stay in the shadow root", async () => {
  const network = stubFetch().on('GET', STORE, catalogue);
  const { root, store } = mountOnSchoolPage();

  expect(await store.findByRole('heading', { name: 'Playera polo' })).toBeVisible();
  expect(network.requests.map((r) => r.url)).toEqual([`${CUOTA}${STORE}`]);
  expect(network.requests[0]!.credentials).toBe('same-origin');
  expect(root.querySelectorAll('style').length).toBeGreaterThan(0);
  expect(document.head.querySelectorAll('style')).toHaveLength(0);
  expect(screen.queryByRole('heading', { name: 'Playera polo' })).toBeNull();
});

test("the cart is kept on the school's page and paying opens Cuota's own cart with its lines", async () => {
  stubFetch().on('GET', STORE, catalogue);
  const { store } = mountOnSchoolPage();

  await userEvent
    .setup()
    .click(await store.findByRole('button', { name: 'Agregar al carrito: Playera polo, Talla 8' }));
  expect(store.getByText('Carrito (1)')).toBeVisible();
  const pay = store.getByRole('link', { name: 'Pagar en la tienda' });
  expect(pay).toHaveAttribute('href', `${CUOTA}/store/school-1/carrito?lineas=polo-8%3A1`);
  expect(pay).toHaveAttribute('target', '_top');
});

test("an item's detail opens inside the element, adds to the cart and goes back to the catalogue", async () => {
  const network = stubFetch().on('GET', STORE, catalogue);
  const { store } = mountOnSchoolPage();
  const user = userEvent.setup();
  const schoolUrl = location.href;

  await user.click(await store.findByRole('link', { name: 'Ver detalle' }));
  const detail = store.getByRole('article', { name: 'Playera polo' });
  expect(within(detail).getByRole('heading', { name: 'Playera polo' })).toBeVisible();
  expect(within(detail).getByText('Algodón, con escudo bordado.')).toBeVisible();
  expect(detail).toHaveTextContent('$350.00 MXN · Incluye IVA');
  expect(detail).toHaveTextContent('Talla 8 · Quedan 3');
  expect(detail).toHaveTextContent('Talla 10 · Agotado');
  expect(
    within(detail).getByRole('button', { name: 'Agregar al carrito: Playera polo, Talla 10' }),
  ).toBeDisabled();
  await user.click(
    within(detail).getByRole('button', { name: 'Agregar al carrito: Playera polo, Talla 8' }),
  );
  expect(store.getByText('Carrito (1)')).toBeVisible();
  expect(location.href).toBe(schoolUrl);

  await user.click(store.getByRole('link', { name: 'Volver a la tienda' }));
  expect(await store.findByRole('heading', { name: 'Playera polo' })).toBeVisible();
  expect(store.queryByRole('article')).toBeNull();
  expect(network.requests).toHaveLength(1);
});

test('a site the school did not register (no CORS answer) is told so, in Spanish', async () => {
  stubFetch().on('GET', STORE, () => Promise.reject(new TypeError('Failed to fetch')));
  const { store } = mountOnSchoolPage();

  expect(await store.findByRole('alert')).toHaveTextContent(UNREGISTERED_ORIGIN);
  expect(store.queryByRole('link', { name: 'Pagar en la tienda' })).toBeNull();
});

test("photos come from Cuota's origin: the first on the card (lazy), all on the detail", async () => {
  const photo = (id: string) => ({ id, url: `/api/v1/schools/school-1/store-photos/${id}/` });
  stubFetch().on('GET', STORE, catalogueOf({ ...polo, photos: [photo('p1'), photo('p2')] }));
  const { store } = mountOnSchoolPage();

  const card = await store.findByRole('img', { name: 'Playera polo' });
  expect(card).toHaveAttribute('src', `${CUOTA}/api/v1/schools/school-1/store-photos/p1/`);
  expect(card).toHaveAttribute('loading', 'lazy');
  expect(store.getAllByRole('img')).toHaveLength(1);

  await userEvent.setup().click(store.getByRole('link', { name: 'Ver detalle' }));
  const gallery = store.getByRole('list', { name: 'Fotos de Playera polo' });
  expect(
    within(gallery)
      .getAllByRole('img')
      .map((img) => [img.getAttribute('alt'), img.getAttribute('src')]),
  ).toEqual([
    ['Playera polo (1 de 2)', `${CUOTA}/api/v1/schools/school-1/store-photos/p1/`],
    ['Playera polo (2 de 2)', `${CUOTA}/api/v1/schools/school-1/store-photos/p2/`],
  ]);
});

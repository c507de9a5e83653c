/** @jest-environment @cuota/web-core/test-support/jsdom-environment */
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { OnlineStore } from '@cuota/contracts/billing/store';
import { UNREGISTERED_ORIGIN } from '@cuota/contracts/enrolment/embed-origins';
import { stubFetch } from '@cuota/web-core/test-support/fetch-stub';
import { setApiOrigin } from '@cuota/web-core/api/api-origin';
import { mountStore } from './mount-store';

const CUOTA = 'https://cuota.example';
const STORE = '/api/v1/schools/school-1/online-store/';
const catalogue: OnlineStore = {
  school_id: 'school-1',
  items: [
    {
      id: 'polo',
      name: 'Playera polo',
      description: '',
      category: null,
      price_centavos: 35_000,
      tax: 'IVA_16',
      variants: [{ id: 'polo-8', size: '8', colour: null, available: 3 }],
    },
  ],
};

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
  expect(store.queryByRole('link', { name: 'Ver detalle' })).toBeNull();
});

test('a site the school did not register (no CORS answer) is told so, in Spanish', async () => {
  stubFetch().on('GET', STORE, () => Promise.reject(new TypeError('Failed to fetch')));
  const { store } = mountOnSchoolPage();

  expect(await store.findByRole('alert')).toHaveTextContent(UNREGISTERED_ORIGIN);
  expect(store.queryByRole('link', { name: 'Pagar en la tienda' })).toBeNull();
});

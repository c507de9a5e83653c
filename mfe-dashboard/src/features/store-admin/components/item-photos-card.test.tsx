/** @jest-environment @cuota/web-core/test-support/jsdom-environment */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { forgetCsrfToken } from '@cuota/web-core/api/csrf';
import { stubFetch } from '@cuota/web-core/test-support/fetch-stub';
import { useNodeFormData } from '@cuota/web-core/test-support/node-form-data';
import { renderWithProviders } from '@cuota/web-core/test-support/render-with-providers';
import { staffSession } from '@cuota/web-core/test-support/session-fixtures';
import { ItemPhotosCard } from './item-photos-card';

const DASH = '/api/v1/dashboard/schools/school-1/';
const photo = (id: string) => ({ id, url: `/api/v1/schools/school-1/store-photos/${id}/` });
const sudadera = (...ids: string[]) => ({
  id: 'item-1',
  school_id: 'school-1',
  name: 'Sudadera',
  description: '',
  category: null,
  price_centavos: 45_000,
  tax: 'IVA_16',
  sat_product_key: null,
  visible: true,
  variants: [],
  photos: ids.map(photo),
});
let restoreFormData: () => void;
beforeAll(async () => {
  restoreFormData = await useNodeFormData();
});
afterAll(() => restoreFormData());
beforeEach(() => forgetCsrfToken());

const render = () =>
  renderWithProviders(<ItemPhotosCard schoolId="school-1" itemId="item-1" />, {
    url: '/dashboard/store',
    path: '/dashboard/store',
    session: staffSession({ memberships: [{ school_id: 'school-1', role: 'OWNER' }] }),
  });

test('photos are previewed in order, uploaded as multipart, moved and removed', async () => {
  const network = stubFetch()
    .on('GET', `${DASH}stock/`, [sudadera('p1', 'p2')])
    .on('GET', '/api/auth/csrf', { csrfToken: 't' })
    .on('POST', `${DASH}store-items/item-1/photos/`, sudadera('p1', 'p2', 'p3'))
    .on('PATCH', `${DASH}store-items/item-1/`, sudadera('p2', 'p1'))
    .on('DELETE', `${DASH}store-items/item-1/photos/p1/`, sudadera('p2'));
  render();
  const user = userEvent.setup();
  const list = await screen.findByRole('list', { name: 'Fotos de Sudadera' });
  expect(
    within(list)
      .getAllByRole('img')
      .map((i) => i.getAttribute('src')),
  ).toEqual([photo('p1').url, photo('p2').url]);

  const file = new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], 'sudadera.png', {
    type: 'image/png',
  });
  await user.upload(screen.getByLabelText('Agregar foto'), file);
  await waitFor(() =>
    expect(network.sent('POST', `${DASH}store-items/item-1/photos/`)).toHaveLength(1),
  );
  const [sent] = network.sent('POST', `${DASH}store-items/item-1/photos/`);
  expect((await sent!.formData()).get('photo')).toBeInstanceOf(File);

  await user.click(screen.getByRole('button', { name: 'Mover después la foto 1' }));
  const [patch] = network.sent('PATCH', `${DASH}store-items/item-1/`);
  expect(await patch!.json()).toEqual({ photo_order: ['p2', 'p1'] });
  expect(screen.getByRole('button', { name: 'Mover antes la foto 1' })).toBeDisabled();

  await user.click(screen.getByRole('button', { name: 'Quitar la foto 1' }));
  await waitFor(() =>
    expect(network.sent('DELETE', `${DASH}store-items/item-1/photos/p1/`)).toHaveLength(1),
  );
});

test('a photo over 2 MB is refused before sending', async () => {
  const network = stubFetch().on('GET', `${DASH}stock/`, [sudadera()]);
  render();
  const big = new File([new Uint8Array(2 * 1024 * 1024 + 1)], 'grande.jpg', { type: 'image/jpeg' });
  await userEvent.setup().upload(await screen.findByLabelText('Agregar foto'), big);
  expect(screen.getByText('La imagen pesa más de 2 MB.')).toBeVisible();
  expect(network.sent('POST', `${DASH}store-items/item-1/photos/`)).toHaveLength(0);
});

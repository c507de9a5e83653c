/** @jest-environment @cuota/web-core/test-support/jsdom-environment */
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { forgetCsrfToken } from '@cuota/web-core/api/csrf';
import { stubFetch } from '@cuota/web-core/test-support/fetch-stub';
import { renderWithProviders } from '@cuota/web-core/test-support/render-with-providers';
import { staffSession } from '@cuota/web-core/test-support/session-fixtures';
import { ItemForm } from './item-form';

const ITEMS = '/api/v1/dashboard/schools/school-1/store-items/';
beforeEach(() => forgetCsrfToken());

test('the SAT key defaults by tax kind and the school may set the item’s own', async () => {
  const network = stubFetch()
    .on('GET', '/api/v1/dashboard/schools/school-1/store-categories/', [])
    .on('GET', '/api/auth/csrf', { csrfToken: 't' })
    .on('POST', ITEMS, {
      id: 'item-1',
      school_id: 'school-1',
      name: 'Diccionario',
      description: '',
      category: null,
      price_centavos: 25_000,
      tax: 'IVA_0',
      sat_product_key: '55101500',
      visible: true,
      variants: [],
      photos: [],
    });
  const done = jest.fn();
  renderWithProviders(<ItemForm schoolId="school-1" onDone={done} />, {
    url: '/dashboard/store',
    path: '/dashboard/store',
    session: staffSession({ memberships: [{ school_id: 'school-1', role: 'OWNER' }] }),
  });
  const user = userEvent.setup();
  expect(screen.getByText('Vacía: 53102705 (Uniformes escolares).')).toBeVisible();
  await user.selectOptions(screen.getByLabelText('Impuesto'), 'IVA_0');
  expect(screen.getByText('Vacía: 55101509 (Libros de texto).')).toBeVisible();

  await user.type(screen.getByLabelText('Nombre'), 'Diccionario');
  await user.type(screen.getByLabelText('Precio (IVA incluido)'), '250');
  await user.type(screen.getByLabelText('Clave SAT (ClaveProdServ)'), '55101500');
  await user.click(screen.getByRole('button', { name: 'Guardar' }));
  await waitFor(() => expect(done).toHaveBeenCalled());
  const [sent] = network.sent('POST', ITEMS);
  expect(await sent!.json()).toMatchObject({
    name: 'Diccionario',
    tax: 'IVA_0',
    sat_product_key: '55101500',
  });
});

/** @jest-environment @cuota/web-core/test-support/jsdom-environment */
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { forgetCsrfToken } from '@cuota/web-core/api/csrf';
import { apiErrorResponse, stubFetch } from '@cuota/web-core/test-support/fetch-stub';
import { renderWithProviders } from '@cuota/web-core/test-support/render-with-providers';
import { useNodeFormData } from '@cuota/web-core/test-support/node-form-data';
import { staffSession } from '@cuota/web-core/test-support/session-fixtures';
import { schoolDetail } from '../../../test-support/school-detail-fixture';
import { SchoolSettingsForm } from './school-settings-form';

const school = schoolDetail({
  config_dashboard: { use_kushki_sandbox: true },
  legal_name: 'Colegio Montessori del Valle, A.C.',
  tax_id: 'CMV150814AB7',
  tax_regime: '603',
  tax_zip_code: '64000',
  contact_email: 'contacto@montessori.mx',
});
const PATCH_PATH = '/api/v1/dashboard/schools/school-1/';

function renderForm(canEdit = true) {
  return renderWithProviders(<SchoolSettingsForm school={school} canEdit={canEdit} />, {
    url: '/dashboard/settings',
    path: '/dashboard/settings',
    session: staffSession(),
  });
}

let restoreFormData: () => void;
beforeAll(async () => {
  restoreFormData = await useNodeFormData();
});
afterAll(() => restoreFormData());
beforeEach(() => forgetCsrfToken());

test('wrong fiscal data shows the Spanish messages and sends nothing', async () => {
  const network = stubFetch();
  renderForm();
  const user = userEvent.setup();
  await user.clear(screen.getByLabelText('RFC'));
  await user.type(screen.getByLabelText('RFC'), 'NO-ES-RFC');
  await user.clear(screen.getByLabelText('Código postal fiscal'));
  await user.type(screen.getByLabelText('Código postal fiscal'), '640');
  await user.clear(screen.getByLabelText('Régimen fiscal'));
  await user.type(screen.getByLabelText('Régimen fiscal'), '700');
  await user.click(screen.getByRole('button', { name: 'Guardar cambios' }));

  expect(await screen.findByText('El RFC no tiene un formato válido.')).toBeVisible();
  expect(screen.getByText('El código postal debe tener 5 dígitos.')).toBeVisible();
  expect(screen.getByText('El régimen fiscal debe ser un código entre 601 y 630.')).toBeVisible();
  expect(network.sent('PATCH', PATCH_PATH)).toHaveLength(0);
});

test('a logo that is not an image is refused before upload', async () => {
  const network = stubFetch();
  renderForm();
  const user = userEvent.setup({ applyAccept: false });
  const pdf = new File(['%PDF-1.7'], 'logo.pdf', { type: 'application/pdf' });
  await user.upload(screen.getByLabelText(/^Logo/), pdf);
  expect(await screen.findByText('El logo debe ser una imagen PNG, JPEG o WebP.')).toBeVisible();
  const huge = new File([new Uint8Array(2 * 1024 * 1024 + 1)], 'logo.png', { type: 'image/png' });
  await user.upload(screen.getByLabelText(/^Logo/), huge);
  expect(
    await screen.findByText('El logo pesa más de 2 MB. Sube una imagen más ligera.'),
  ).toBeVisible();
  expect(network.sent('PATCH', PATCH_PATH)).toHaveLength(0);
});

test('saving sends the fields, the sandbox switch and the logo as multipart', async () => {
  const network = stubFetch()
    .on('GET', '/api/auth/csrf', { csrfToken: 't' })
    .on('PATCH', PATCH_PATH, { ...school, config_dashboard: { use_kushki_sandbox: false } });
  renderForm();
  const user = userEvent.setup();
  await user.type(screen.getByLabelText('Dirección'), 'Av. Constitución 100');
  await user.click(screen.getByRole('switch'));
  const png = new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], 'logo.png', {
    type: 'image/png',
  });
  await user.upload(screen.getByLabelText(/^Logo/), png);
  await user.click(screen.getByRole('button', { name: 'Guardar cambios' }));

  expect(await screen.findByRole('status')).toHaveTextContent('Guardamos los datos de la escuela.');
  const [sent] = network.sent('PATCH', PATCH_PATH);
  const form = await sent!.formData();
  expect(form.get('address')).toBe('Av. Constitución 100');
  expect(form.get('use_kushki_sandbox')).toBe('false');
  expect(form.get('tax_id')).toBe('CMV150814AB7');
  expect((form.get('logo') as File).name).toBe('logo.png');
});

test("the service's Spanish refusal is shown as received", async () => {
  jest.spyOn(console, 'error').mockImplementation(() => {}); // the alert middleware logs it
  stubFetch()
    .on('GET', '/api/auth/csrf', { csrfToken: 't' })
    .on('PATCH', PATCH_PATH, () =>
      apiErrorResponse(
        415,
        'UNSUPPORTED_MEDIA_TYPE',
        'El logo debe ser una imagen PNG, JPEG o WebP.',
      ),
    );
  renderForm();
  await userEvent.setup().click(screen.getByRole('button', { name: 'Guardar cambios' }));
  await waitFor(() =>
    expect(screen.getByRole('alert')).toHaveTextContent(
      'El logo debe ser una imagen PNG, JPEG o WebP.',
    ),
  );
});

test('without school.write the form is read-only', () => {
  stubFetch();
  renderForm(false);
  expect(screen.getByLabelText('Nombre')).toBeDisabled();
  expect(screen.queryByRole('button', { name: 'Guardar cambios' })).toBeNull();
});

/** @jest-environment @cuota/web-core/test-support/jsdom-environment */
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { forgetCsrfToken } from '@cuota/web-core/api/csrf';
import { apiErrorResponse, stubFetch } from '@cuota/web-core/test-support/fetch-stub';
import { useNodeFormData } from '@cuota/web-core/test-support/node-form-data';
import { renderWithProviders } from '@cuota/web-core/test-support/render-with-providers';
import { staffSession } from '@cuota/web-core/test-support/session-fixtures';
import { schoolDetail } from '../../../test-support/school-detail-fixture';
import { PrivacyNoticeForm } from './privacy-notice-form';

const PATCH_PATH = '/api/v1/dashboard/schools/school-1/';
const LABEL = 'Texto del aviso de privacidad';
const NOTICE = `Colegio Montessori del Valle, A.C. es responsable de tus datos personales. ${'Los usamos para inscribir, cobrar y facturar. '.repeat(5)}`;

function renderForm(notice: string | null, canEdit = true) {
  return renderWithProviders(
    <PrivacyNoticeForm schoolId="school-1" notice={notice} canEdit={canEdit} />,
    { url: '/dashboard/settings', path: '/dashboard/settings', session: staffSession() },
  );
}

let restoreFormData: () => void;
beforeAll(async () => {
  restoreFormData = await useNodeFormData();
});
afterAll(() => restoreFormData());
beforeEach(() => forgetCsrfToken());

test("a notice shorter or longer than the contract's limits is refused in Spanish, nothing sent", async () => {
  const network = stubFetch();
  renderForm(null);
  const user = userEvent.setup();
  await user.type(screen.getByLabelText(LABEL), 'Aviso breve.');
  await user.click(screen.getByRole('button', { name: 'Guardar aviso de privacidad' }));
  expect(await screen.findByText('El aviso de privacidad es demasiado corto.')).toBeVisible();
  expect(screen.getByLabelText(LABEL)).toHaveAttribute('aria-invalid', 'true');

  await user.clear(screen.getByLabelText(LABEL));
  // Pasting, not typing: 20,001 characters.
  await user.click(screen.getByLabelText(LABEL));
  await user.paste('a'.repeat(20_001));
  await user.click(screen.getByRole('button', { name: 'Guardar aviso de privacidad' }));
  expect(await screen.findByText('El aviso de privacidad es demasiado largo.')).toBeVisible();
  expect(network.sent('PATCH', PATCH_PATH)).toHaveLength(0);
});

test('saving sends only privacy_notice and says so in a toast', async () => {
  const network = stubFetch()
    .on('GET', '/api/auth/csrf', { csrfToken: 't' })
    .on('PATCH', PATCH_PATH, schoolDetail());
  const { store } = renderForm(null);
  const user = userEvent.setup();
  expect(screen.getByLabelText(LABEL)).toHaveValue('');
  await user.click(screen.getByLabelText(LABEL));
  await user.paste(NOTICE);
  await user.click(screen.getByRole('button', { name: 'Guardar aviso de privacidad' }));

  await waitFor(() =>
    expect(store.getState().toasts).toEqual([
      expect.objectContaining({ title: 'Guardamos el aviso de privacidad.', variant: 'success' }),
    ]),
  );
  const [sent] = network.sent('PATCH', PATCH_PATH);
  const form = await sent!.formData();
  expect([...form.keys()]).toEqual(['privacy_notice']);
  expect(form.get('privacy_notice')).toBe(NOTICE);
});

test('an empty notice is allowed: it brings back the default one', async () => {
  const network = stubFetch()
    .on('GET', '/api/auth/csrf', { csrfToken: 't' })
    .on('PATCH', PATCH_PATH, schoolDetail());
  renderForm(NOTICE);
  const user = userEvent.setup();
  expect(screen.getByLabelText(LABEL)).toHaveValue(NOTICE);
  await user.clear(screen.getByLabelText(LABEL));
  await user.click(screen.getByRole('button', { name: 'Guardar aviso de privacidad' }));
  await waitFor(() => expect(network.sent('PATCH', PATCH_PATH)).toHaveLength(1));
  const form = await network.sent('PATCH', PATCH_PATH)[0]!.formData();
  expect(form.get('privacy_notice')).toBe('');
});

test("the service's refusal shows in the form's line only, not as the page alert too", async () => {
  jest.spyOn(console, 'error').mockImplementation(() => {}); // the middleware still logs it
  stubFetch()
    .on('GET', '/api/auth/csrf', { csrfToken: 't' })
    .on('PATCH', PATCH_PATH, () =>
      apiErrorResponse(403, 'FORBIDDEN', 'Tu rol no puede editar los datos de la escuela.'),
    );
  const { store } = renderForm(NOTICE);
  await userEvent
    .setup()
    .click(screen.getByRole('button', { name: 'Guardar aviso de privacidad' }));
  expect(await screen.findByText('Tu rol no puede editar los datos de la escuela.')).toBeVisible();
  expect(store.getState().alert.open).toBe(false);
  expect(store.getState().toasts).toEqual([]);
});

test('without school.write the notice reads but cannot be saved', () => {
  stubFetch();
  renderForm(NOTICE, false);
  expect(screen.getByLabelText(LABEL)).toBeDisabled();
  expect(screen.queryByRole('button', { name: 'Guardar aviso de privacidad' })).toBeNull();
});

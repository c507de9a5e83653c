/** @jest-environment @cuota/web-core/test-support/jsdom-environment */
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { forgetCsrfToken } from '@cuota/web-core/api/csrf';
import { stubFetch } from '@cuota/web-core/test-support/fetch-stub';
import { useNodeFormData } from '@cuota/web-core/test-support/node-form-data';
import { renderWithProviders } from '@cuota/web-core/test-support/render-with-providers';
import { staffSession } from '@cuota/web-core/test-support/session-fixtures';
import { schoolDetail } from '../../../test-support/school-detail-fixture';
import { SchoolSettingsPage } from './school-settings-page';

const school = schoolDetail();
const NOTICE = `Colegio Montessori del Valle, A.C. es responsable de tus datos personales. ${'Los usamos para inscribir, cobrar y facturar. '.repeat(5)}`;
const face = {
  id: school.id,
  name: school.name,
  legal_name: null,
  address: null,
  contact_email: null,
  contact_phone: null,
  logo_url: null,
  privacy_notice: NOTICE,
};

let restoreFormData: () => void;
beforeAll(async () => {
  restoreFormData = await useNodeFormData();
});
afterAll(() => restoreFormData());
beforeEach(() => forgetCsrfToken());

test('the page shows the school form and the saved notice; saving either keeps one of each', async () => {
  const network = stubFetch()
    .on('GET', '/api/auth/csrf', { csrfToken: 't' })
    .on('GET', '/api/v1/schools/school-1/', school)
    .on('GET', '/api/v1/schools/school-1/public/', face)
    .on('PATCH', '/api/v1/dashboard/schools/school-1/', school);
  renderWithProviders(<SchoolSettingsPage />, {
    url: '/dashboard/settings',
    path: '/dashboard/settings',
    session: staffSession(),
  });
  const notice = await screen.findByLabelText('Texto del aviso de privacidad');
  expect(notice).toHaveValue(NOTICE);
  expect(screen.getAllByRole('form', { name: 'Datos de la escuela' })).toHaveLength(1);

  const user = userEvent.setup();
  await user.click(screen.getByRole('button', { name: 'Guardar aviso de privacidad' }));
  // Saving refetches both reads (one tag); the page must not repeat a form after it.
  await waitFor(() =>
    expect(network.sent('GET', '/api/v1/schools/school-1/public/')).toHaveLength(2),
  );
  await waitFor(() => expect(network.sent('GET', '/api/v1/schools/school-1/')).toHaveLength(2));
  expect(screen.getAllByRole('form', { name: 'Datos de la escuela' })).toHaveLength(1);
  expect(screen.getAllByRole('form', { name: 'Aviso de privacidad' })).toHaveLength(1);
});

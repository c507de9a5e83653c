/** @jest-environment @cuota/web-core/test-support/jsdom-environment */
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { forgetCsrfToken } from '@cuota/web-core/api/csrf';
import { apiErrorResponse, jsonResponse, stubFetch } from '@cuota/web-core/test-support/fetch-stub';
import { renderWithProviders } from '@cuota/web-core/test-support/render-with-providers';
import { staffSession } from '@cuota/web-core/test-support/session-fixtures';
import { CreateLeadForm } from './create-lead-form';

const render = () =>
  renderWithProviders(<CreateLeadForm schoolId="school-1" />, {
    url: '/dashboard/admissions',
    path: '/dashboard/admissions',
    session: staffSession(),
  });
beforeEach(() => forgetCsrfToken());

async function fillValidLead() {
  const user = userEvent.setup();
  await user.type(screen.getByLabelText('Nombre del alumno'), 'Valeria');
  await user.type(screen.getByLabelText('Apellidos del alumno'), 'Gómez Ruiz');
  await user.type(screen.getByLabelText('Nombre del tutor'), 'Rosa');
  await user.type(screen.getByLabelText('Apellidos del tutor'), 'Ruiz');
  await user.type(screen.getByLabelText('Correo del tutor'), 'rosa@example.mx');
  return user;
}

test('missing names and a bad CURP show Spanish messages and send nothing', async () => {
  const network = stubFetch();
  render();
  const user = userEvent.setup();
  await user.type(screen.getByLabelText('CURP (opcional)'), 'XYZ');
  await user.click(screen.getByRole('button', { name: 'Registrar interesado' }));
  expect(await screen.findByText('Escribe el nombre del alumno.')).toBeVisible();
  expect(screen.getByText('Escribe el nombre del tutor.')).toBeVisible();
  expect(screen.getByText('La CURP debe tener 18 caracteres válidos.')).toBeVisible();
  expect(network.sent('POST', '/api/v1/admissions/create_lead/')).toHaveLength(0);
});

test('a valid lead is sent with its guardian; the form empties', async () => {
  const network = stubFetch()
    .on('GET', '/api/auth/csrf', { csrfToken: 't' })
    .on('POST', '/api/v1/admissions/create_lead/', () =>
      jsonResponse(
        {
          id: 's1',
          school_id: 'school-1',
          first_name: 'Valeria',
          last_name: 'Gómez Ruiz',
          level: 'elementary',
          section: null,
          gender: null,
          birth_date: null,
          curp: null,
          status: 'lead',
          guardians: [],
          concept_ids: [],
          created_at: '2026-01-01T00:00:00.000Z',
        },
        { status: 201 },
      ),
    );
  render();
  const user = await fillValidLead();
  await user.click(screen.getByRole('button', { name: 'Registrar interesado' }));
  await waitFor(() =>
    expect(network.sent('POST', '/api/v1/admissions/create_lead/')).toHaveLength(1),
  );
  const body = await network.sent('POST', '/api/v1/admissions/create_lead/')[0]!.json();
  expect(body).toMatchObject({
    school_id: 'school-1',
    level: 'elementary',
    first_name: 'Valeria',
    guardians: [{ first_name: 'Rosa', last_name: 'Ruiz', email: 'rosa@example.mx', phone: null }],
  });
  await waitFor(() => expect(screen.getByLabelText('Nombre del alumno')).toHaveValue(''));
});

test("the API's Spanish refusal is shown", async () => {
  stubFetch()
    .on('GET', '/api/auth/csrf', { csrfToken: 't' })
    .on('POST', '/api/v1/admissions/create_lead/', () =>
      apiErrorResponse(409, 'CONFLICT', 'Ya existe un alumno con esa CURP en la escuela.'),
    );
  render();
  const user = await fillValidLead();
  await user.click(screen.getByRole('button', { name: 'Registrar interesado' }));
  expect(await screen.findByRole('alert')).toHaveTextContent(
    'Ya existe un alumno con esa CURP en la escuela.',
  );
});

/** @jest-environment @cuota/web-core/testing/jsdom-environment */
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { StudentDetail } from '@cuota/contracts/enrolment/student-detail';
import { forgetCsrfToken } from '@cuota/web-core/api/csrf';
import { stubFetch } from '@cuota/web-core/testing/fetch-stub';
import { renderWithProviders } from '@cuota/web-core/testing/render-with-providers';
import { staffSession } from '@cuota/web-core/testing/session-fixtures';
import { StudentDetailView } from './student-detail-page';

const guardian = (id: string, first: string, billing: boolean) => ({
  id,
  first_name: first,
  last_name: 'Torres',
  email: `${first.toLowerCase()}@correo.mx`,
  phone: null,
  relationship: null,
  billing_name: billing ? 'ANA TORRES' : null,
  tax_id: billing ? 'TOAA800101AB1' : null,
  is_billing_guardian: billing,
});
const student = (extra: Partial<StudentDetail> = {}): StudentDetail => ({
  id: 'st-1',
  school_id: 'school-1',
  first_name: 'Lucía',
  last_name: 'Torres',
  gender: 'F',
  birth_date: '2016-05-04',
  nationality: 'MX',
  curp: null,
  enrolment_code: 'A-17',
  level: 'elementary',
  section: { id: 'sec-1', name: '3° B' },
  status: 'active',
  status_reason: null,
  billing_guardian_id: 'g-1',
  photo_url: null,
  guardians: [guardian('g-1', 'Ana', true), guardian('g-2', 'Luis', false)],
  ...extra,
});
const PATH = '/api/v1/students/st-1/';

function renderDetail(can: string[] = ['students.write', 'students.status']) {
  return renderWithProviders(<StudentDetailView id="st-1" can={(p) => can.includes(p)} />, {
    url: '/dashboard/students/st-1',
    path: '/dashboard/students/:id',
    session: staffSession(),
  });
}
const actions = () =>
  within(screen.getByRole('region', { name: 'Estatus' }))
    .queryAllByRole('button')
    .map((b) => b.textContent);

beforeEach(() => forgetCsrfToken());

test('an active student offers only inactivate, graduate and drop out', async () => {
  stubFetch().on('GET', PATH, student());
  renderDetail();
  expect(await screen.findByText('Nacionalidad')).toBeVisible();
  expect(screen.getByText('México')).toBeVisible();
  expect(actions()).toEqual(['Inactivar', 'Marcar como egresado', 'Dar de baja definitiva']);
});

test('a graduate offers no move; without students.status nothing is offered', async () => {
  stubFetch().on('GET', PATH, student({ status: 'graduated' }));
  renderDetail();
  expect(await screen.findByText('Este estatus es definitivo: no admite cambios.')).toBeVisible();
  expect(actions()).toEqual([]);
});

test('inactivating asks for the reason and sends the spec DELETE with it', async () => {
  let current = student();
  const network = stubFetch()
    .on('GET', '/api/auth/csrf', { csrfToken: 't' })
    .on('GET', PATH, () => Response.json(current))
    .on('DELETE', '/api/v1/dashboard/students/st-1/inactivate/', () => {
      current = student({ status: 'inactive', status_reason: 'Viaje' });
      return Response.json(current);
    });
  renderDetail();
  const user = userEvent.setup();
  await user.click(await screen.findByRole('button', { name: 'Inactivar' }));
  await user.click(screen.getByRole('button', { name: 'Confirmar: Inactivar' }));
  expect(screen.getByText('Escribe el motivo.')).toBeVisible();
  expect(network.sent('DELETE', '/api/v1/dashboard/students/st-1/inactivate/')).toHaveLength(0);

  await user.type(screen.getByLabelText(/Motivo/), 'Viaje');
  await user.click(screen.getByRole('button', { name: 'Confirmar: Inactivar' }));
  expect(await screen.findByRole('button', { name: 'Activar' })).toBeVisible();
  const [sent] = network.sent('DELETE', '/api/v1/dashboard/students/st-1/inactivate/');
  expect(await sent!.json()).toEqual({ reason: 'Viaje' });
});

test('the billing guardian is marked and another guardian can be chosen', async () => {
  const network = stubFetch()
    .on('GET', '/api/auth/csrf', { csrfToken: 't' })
    .on('GET', PATH, student())
    .on('PATCH', '/api/v1/guardians/assign_billing/', [
      { student_id: 'st-1', billing_guardian_id: 'g-2' },
    ]);
  renderDetail();
  const user = userEvent.setup();
  expect(await screen.findByText('Tutor de facturación')).toBeVisible();
  await user.click(screen.getByRole('button', { name: 'Facturar a Luis' }));
  const [sent] = network.sent('PATCH', '/api/v1/guardians/assign_billing/');
  expect(await sent!.json()).toEqual({ student_id: 'st-1', guardian_id: 'g-2' });
});

/** @jest-environment @cuota/web-core/test-support/jsdom-environment */
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { StaffRole } from '@cuota/contracts/enrolment/entities';
import { ROLE_PERMISSIONS } from '@cuota/contracts/access/permissions';
import type { SchoolAdmin } from '@cuota/contracts/enrolment/staff';
import { forgetCsrfToken } from '@cuota/web-core/api/csrf';
import { apiErrorResponse, jsonResponse, stubFetch } from '@cuota/web-core/test-support/fetch-stub';
import { renderWithProviders } from '@cuota/web-core/test-support/render-with-providers';
import { staffSession } from '@cuota/web-core/test-support/session-fixtures';
import type { StaffActor } from '../utils/staff-rules';
import { StaffView } from './staff-page';

const ADMINS = '/api/v1/dashboard/schools/school-1/admins/';
const admin = (id: string, name: string, role: StaffRole): SchoolAdmin => ({
  id,
  school_id: 'school-1',
  name,
  email: `${id}@colegio.mx`,
  role,
  permissions: [...ROLE_PERMISSIONS[role]],
  custom_permissions: false,
  membership_id: `m-${id}`,
  active: true,
  invitation_pending: false,
  created_at: '2026-01-10T12:00:00.000Z',
});
const STAFF = [
  admin('u-owner', 'Laura Dueña', 'OWNER'),
  admin('u-director', 'Héctor Director', 'GENERAL_DIRECTOR'),
  admin('u-admissions', 'Paola Admisiones', 'ADMISSIONS'),
];
const page = (results: SchoolAdmin[]) => ({
  count: results.length,
  page: 1,
  page_size: 200,
  results,
});
const actor = (userId: string, role: StaffRole): StaffActor => ({ userId, grant: { role } });

function renderStaff(who: StaffActor) {
  return renderWithProviders(<StaffView schoolId="school-1" actor={who} />, {
    url: '/dashboard/staff',
    path: '/dashboard/staff',
    session: staffSession(),
  });
}
/** The row whose first cell starts with the person's name (their e-mail follows it). */
const rowOf = async (name: string) =>
  (await screen.findByRole('cell', { name: new RegExp(`^${name}\\b`) })).closest(
    'tr',
  ) as HTMLElement;

beforeEach(() => forgetCsrfToken());

test('an owner changes a role; their own row offers nothing', async () => {
  let list = STAFF;
  const network = stubFetch()
    .on('GET', '/api/auth/csrf', { csrfToken: 't' })
    .on('GET', ADMINS, () => jsonResponse(page(list)))
    .on('PUT', `${ADMINS}u-admissions/`, () => {
      list = [STAFF[0]!, STAFF[1]!, admin('u-admissions', 'Paola Admisiones', 'TREASURER')];
      return jsonResponse(list[2]);
    });
  renderStaff(actor('u-owner', 'OWNER'));
  const own = await rowOf('Laura Dueña');
  expect(within(own).queryByRole('combobox')).toBeNull();
  expect(within(own).getByRole('button', { name: 'Quitar' })).toBeDisabled();

  const user = userEvent.setup();
  await user.selectOptions(screen.getByLabelText('Rol de Paola Admisiones'), 'TREASURER');
  expect(await screen.findByDisplayValue('Tesorero')).toBeVisible();
  expect(await network.sent('PUT', `${ADMINS}u-admissions/`)[0]!.json()).toEqual({
    role: 'TREASURER',
  });
});

test('a general director cannot touch owners, make directors, or grant staff.write', async () => {
  stubFetch().on('GET', ADMINS, page(STAFF));
  renderStaff(actor('u-director', 'GENERAL_DIRECTOR'));
  const owner = await rowOf('Laura Dueña');
  expect(within(owner).getByRole('button', { name: 'Editar permisos' })).toBeDisabled();
  const roles = within(screen.getByLabelText('Rol de Paola Admisiones')).getAllByRole('option');
  expect(roles.map((o) => o.textContent)).not.toContain('Propietario');
  expect(roles.map((o) => o.textContent)).not.toContain('Director general');

  const user = userEvent.setup();
  await user.click(
    within(await rowOf('Paola Admisiones')).getByRole('button', { name: 'Editar permisos' }),
  );
  const editor = screen.getByRole('region', { name: 'Permisos de Paola Admisiones' });
  expect(within(editor).getByRole('group', { name: 'Facturación' })).toBeVisible();
  expect(within(editor).getByLabelText('Administrar personal y permisos')).toBeDisabled();
  expect(within(editor).getByLabelText('Ver alumnos')).toBeChecked();
});

test('editing permissions sends the explicit list in the matrix order', async () => {
  const network = stubFetch()
    .on('GET', '/api/auth/csrf', { csrfToken: 't' })
    .on('GET', ADMINS, page(STAFF))
    .on('PUT', `${ADMINS}u-admissions/permissions/`, (req: Request) =>
      req.json().then((body) => jsonResponse({ ...STAFF[2], ...body, custom_permissions: true })),
    );
  renderStaff(actor('u-owner', 'OWNER'));
  const user = userEvent.setup();
  await user.click(
    within(await rowOf('Paola Admisiones')).getByRole('button', { name: 'Editar permisos' }),
  );
  const editor = screen.getByRole('region', { name: 'Permisos de Paola Admisiones' });
  await user.click(within(editor).getByLabelText('Registrar cobros'));
  await user.click(within(editor).getByLabelText('Importar alumnos'));
  await user.click(within(editor).getByRole('button', { name: 'Guardar permisos' }));
  const [sent] = network.sent('PUT', `${ADMINS}u-admissions/permissions/`);
  expect(await sent!.json()).toEqual({
    permissions: [
      'school.read',
      'students.read',
      'students.write',
      'guardians.read',
      'guardians.write',
      'admissions.read',
      'admissions.write',
      'billing.read',
      'payments.collect',
    ],
  });
});

test('adding a member shows the invitation code once; a refusal shows the Spanish message', async () => {
  const created = { ...admin('u-new', 'Rosa Caja', 'CASH_COLLECTION'), invitation_pending: true };
  let answer = () =>
    jsonResponse(
      { admin: created, invitation: { token: 'código-único', expires_at: '2026-01-13T12:00:00Z' } },
      { status: 201 },
    );
  const network = stubFetch()
    .on('GET', '/api/auth/csrf', { csrfToken: 't' })
    .on('GET', ADMINS, page(STAFF))
    .on('POST', ADMINS, () => answer());
  renderStaff(actor('u-owner', 'OWNER'));
  const user = userEvent.setup();
  const form = await screen.findByRole('form', { name: 'Agregar personal' });
  await user.click(within(form).getByRole('button', { name: 'Agregar' }));
  expect(await within(form).findByText('Escribe el nombre.')).toBeVisible();
  expect(network.sent('POST', ADMINS)).toHaveLength(0);

  await user.type(within(form).getByLabelText('Nombre'), 'Rosa Caja');
  await user.type(within(form).getByLabelText('Correo'), 'rosa@colegio.mx');
  await user.selectOptions(within(form).getByLabelText('Rol'), 'CASH_COLLECTION');
  await user.click(within(form).getByRole('button', { name: 'Agregar' }));
  expect(await screen.findByText('código-único')).toBeVisible();
  expect(await network.sent('POST', ADMINS)[0]!.json()).toEqual({
    name: 'Rosa Caja',
    email: 'rosa@colegio.mx',
    role: 'CASH_COLLECTION',
  });

  answer = () =>
    apiErrorResponse(409, 'CONFLICT', 'Esta persona ya forma parte del personal de la escuela.');
  await user.type(within(form).getByLabelText('Nombre'), 'Rosa Caja');
  await user.type(within(form).getByLabelText('Correo'), 'rosa@colegio.mx');
  await user.click(within(form).getByRole('button', { name: 'Agregar' }));
  expect(
    await screen.findByText('Esta persona ya forma parte del personal de la escuela.'),
  ).toBeVisible();
});

test('with staff.read only: the list, nothing to change, no form', async () => {
  stubFetch().on('GET', ADMINS, page(STAFF));
  renderStaff(actor('u-x', 'ADMINISTRATIVE_DIRECTOR'));
  const row = await rowOf('Paola Admisiones');
  expect(within(row).getByText('Admisiones')).toBeVisible();
  expect(within(row).getByRole('button', { name: 'Quitar' })).toBeDisabled();
  expect(screen.queryByRole('form', { name: 'Agregar personal' })).toBeNull();
});

test('a pending invitation can be sent again; a refusal shows the Spanish message', async () => {
  const pending = { ...admin('u-new', 'Rosa Caja', 'CASH_COLLECTION'), invitation_pending: true };
  let answer = () =>
    jsonResponse({
      admin: pending,
      invitation: { token: 'x', expires_at: '2026-01-13T12:00:00Z' },
    });
  const network = stubFetch()
    .on('GET', '/api/auth/csrf', { csrfToken: 't' })
    .on('GET', ADMINS, page([...STAFF, pending]))
    .on('POST', '/api/v1/users/email/', () => answer());
  renderStaff(actor('u-owner', 'OWNER'));
  const user = userEvent.setup();
  const row = await rowOf('Rosa Caja');
  expect(
    within(await rowOf('Héctor Director')).queryByRole('button', { name: 'Reenviar invitación' }),
  ).toBeNull();

  await user.click(within(row).getByRole('button', { name: 'Reenviar invitación' }));
  expect(await screen.findByRole('status')).toHaveTextContent(
    'Enviamos de nuevo la invitación a u-new@colegio.mx',
  );
  expect(await network.sent('POST', '/api/v1/users/email/')[0]!.json()).toEqual({
    school_id: 'school-1',
    email: 'u-new@colegio.mx',
  });

  answer = () =>
    apiErrorResponse(404, 'NOT_FOUND', 'Esta persona no tiene una invitación pendiente.');
  await user.click(within(row).getByRole('button', { name: 'Reenviar invitación' }));
  expect(await screen.findByText('Esta persona no tiene una invitación pendiente.')).toBeVisible();
});

test('a suspended member is marked as such in the list', async () => {
  const suspended = { ...admin('u-cash', 'Rosa Caja', 'CASH_COLLECTION'), active: false };
  stubFetch().on('GET', ADMINS, () => jsonResponse(page([...STAFF, suspended])));
  renderStaff(actor('u-owner', 'OWNER'));
  expect(within(await rowOf('Rosa Caja')).getByText('Suspendido')).toBeVisible();
  expect(within(await rowOf('Laura Dueña')).queryByText('Suspendido')).toBeNull();
});

/** @jest-environment @cuota/web-core/test-support/jsdom-environment */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { SchoolCycle } from '@cuota/contracts/enrolment/cycles';
import { forgetCsrfToken } from '@cuota/web-core/api/csrf';
import { stubFetch } from '@cuota/web-core/test-support/fetch-stub';
import { renderWithProviders } from '@cuota/web-core/test-support/render-with-providers';
import { staffSession } from '@cuota/web-core/test-support/session-fixtures';
import { CyclesView } from './cycles-page';

const CYCLES = '/api/v1/dashboard/schools/school-1/cycles/';
const cycle = (id: string, name: string, status: SchoolCycle['status']): SchoolCycle => ({
  id,
  school_id: 'school-1',
  name,
  starts_on: `${name.slice(0, 4)}-08-24`,
  ends_on: `${name.slice(5)}-07-09`,
  status,
  activated_at: null,
});
const current = cycle('c-1', '2026-2027', 'active');
const next = cycle('c-2', '2027-2028', 'draft');

function renderCycles(canWrite = true) {
  return renderWithProviders(<CyclesView schoolId="school-1" canWrite={canWrite} />, {
    url: '/dashboard/cycles',
    path: '/dashboard/cycles',
    session: staffSession(),
  });
}

beforeEach(() => forgetCsrfToken());

test('the create form checks the name and the dates in Spanish before sending', async () => {
  const network = stubFetch().on('GET', CYCLES, [current]);
  renderCycles();
  const user = userEvent.setup();
  const form = await screen.findByRole('form', { name: 'Nuevo ciclo escolar' });
  await user.type(within(form).getByLabelText('Nombre'), '2027');
  await user.type(within(form).getByLabelText('Inicia'), '2028-07-01');
  await user.type(within(form).getByLabelText('Termina'), '2027-08-01');
  await user.click(within(form).getByRole('button', { name: 'Crear ciclo' }));

  expect(
    await within(form).findByText('Nombra el ciclo con sus dos años, por ejemplo 2026-2027.'),
  ).toBeVisible();
  expect(within(form).getByText('El ciclo debe terminar después de empezar.')).toBeVisible();
  expect(network.sent('POST', CYCLES)).toHaveLength(0);
});

test('creating a cycle posts it and the list shows it', async () => {
  let list = [current];
  const network = stubFetch()
    .on('GET', '/api/auth/csrf', { csrfToken: 't' })
    .on('GET', CYCLES, () => Response.json(list))
    .on('POST', CYCLES, () => {
      list = [next, current];
      return Response.json(next, { status: 201 });
    });
  renderCycles();
  const user = userEvent.setup();
  const form = await screen.findByRole('form', { name: 'Nuevo ciclo escolar' });
  await user.type(within(form).getByLabelText('Nombre'), '2027-2028');
  await user.type(within(form).getByLabelText('Inicia'), '2027-08-23');
  await user.type(within(form).getByLabelText('Termina'), '2028-07-07');
  await user.click(within(form).getByRole('button', { name: 'Crear ciclo' }));

  expect(await screen.findByRole('cell', { name: '2027-2028' })).toBeVisible();
  const [sent] = network.sent('POST', CYCLES);
  expect(await sent!.json()).toEqual({
    name: '2027-2028',
    starts_on: '2027-08-23',
    ends_on: '2028-07-07',
  });
});

test('activation shows every blocking reason and offers no confirmation', async () => {
  const network = stubFetch()
    .on('GET', CYCLES, [next, current])
    .on('GET', `${CYCLES}c-2/validate_activate/`, {
      can_activate: false,
      reasons: [
        'El ciclo ya terminó (terminó el 2028-07-07).',
        'La escuela no tiene niveles con grupos.',
      ],
    });
  renderCycles();
  await userEvent.setup().click(await screen.findByRole('button', { name: 'Activar 2027-2028' }));
  // The panel that opened is where focus goes next.
  expect(screen.getByRole('heading', { name: 'Activar el ciclo 2027-2028' })).toHaveFocus();

  const reasons = await screen.findByRole('list', { name: 'Motivos' });
  expect(
    within(reasons)
      .getAllByRole('listitem')
      .map((li) => li.textContent),
  ).toEqual([
    'El ciclo ya terminó (terminó el 2028-07-07).',
    'La escuela no tiene niveles con grupos.',
  ]);
  expect(screen.queryByRole('button', { name: 'Confirmar activación' })).toBeNull();
  expect(network.sent('POST', `${CYCLES}c-2/activate/`)).toHaveLength(0);
});

test('confirming an activation says which cycle closes and calls the API', async () => {
  const network = stubFetch()
    .on('GET', '/api/auth/csrf', { csrfToken: 't' })
    .on('GET', CYCLES, [next, current])
    .on('GET', `${CYCLES}c-2/validate_activate/`, { can_activate: true, reasons: [] })
    .on('POST', `${CYCLES}c-2/activate/`, {
      cycle: { ...next, status: 'active' },
      closed_cycle: { ...current, status: 'closed' },
    });
  renderCycles();
  const user = userEvent.setup();
  await user.click(await screen.findByRole('button', { name: 'Activar 2027-2028' }));
  expect(
    await screen.findByText('El ciclo 2026-2027 se cerrará y 2027-2028 quedará activo.'),
  ).toBeVisible();
  await user.click(screen.getByRole('button', { name: 'Confirmar activación' }));

  await waitFor(() =>
    expect(screen.queryByRole('button', { name: 'Confirmar activación' })).toBeNull(),
  );
  expect(network.sent('POST', `${CYCLES}c-2/activate/`)).toHaveLength(1);
});

test('without cycles.write: the list only', async () => {
  stubFetch().on('GET', CYCLES, [next, current]);
  renderCycles(false);
  expect(await screen.findByRole('cell', { name: '2027-2028' })).toBeVisible();
  expect(screen.queryByRole('button', { name: /Activar/ })).toBeNull();
  expect(screen.queryByRole('form', { name: 'Nuevo ciclo escolar' })).toBeNull();
});

/** @jest-environment @cuota/web-core/testing/jsdom-environment */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { LevelWithSections, Section } from '@cuota/contracts/enrolment/levels';
import { forgetCsrfToken } from '@cuota/web-core/api/csrf';
import { jsonResponse, stubFetch } from '@cuota/web-core/testing/fetch-stub';
import { renderWithProviders } from '@cuota/web-core/testing/render-with-providers';
import { staffSession } from '@cuota/web-core/testing/session-fixtures';
import { LevelsView } from './levels-page';

const LEVELS = '/api/v1/dashboard/schools/school-1/levels/';
const AC = '/academic-coordinator/sections/';
const section = (id: string, name: string, students: number): Section => ({
  id,
  school_id: 'school-1',
  level_id: 'lvl-elementary',
  level: 'elementary',
  name,
  grade: Number(name[0]),
  capacity: null,
  students,
});
const elementary: LevelWithSections = {
  id: 'lvl-elementary',
  level: 'elementary',
  name: 'Primaria',
  position: 1,
  active: true,
  label: 'Primaria',
  grades: [1, 2, 3, 4, 5, 6],
  sections: [section('s-1', '1° A', 12), section('s-2', '1° B', 0), section('s-3', '2° A', 3)],
};

function renderLevels(canWrite = true) {
  return renderWithProviders(<LevelsView schoolId="school-1" canWrite={canWrite} />, {
    url: '/dashboard/levels',
    path: '/dashboard/levels',
    session: staffSession(),
  });
}

beforeEach(() => {
  forgetCsrfToken();
  jest.spyOn(console, 'error').mockImplementation(() => {}); // the alert middleware logs 4xx
});

test('levels list their groups with the students of each', async () => {
  stubFetch().on('GET', LEVELS, [elementary]);
  renderLevels();
  const table = await screen.findByRole('table', { name: 'Grupos de Primaria' });
  expect(within(table).getAllByRole('row')).toHaveLength(4);
  expect(screen.getByRole('button', { name: 'Ofrecer Secundaria' })).toBeVisible();
});

test('adding groups checks the form in Spanish, then posts the grade and the groups', async () => {
  const network = stubFetch()
    .on('GET', '/api/auth/csrf', { csrfToken: 't' })
    .on('GET', LEVELS, [elementary])
    .on('POST', `${AC}form_data/`, () =>
      jsonResponse([section('s-4', '3° A', 0)], { status: 201 }),
    );
  renderLevels();
  const user = userEvent.setup();
  const form = await screen.findByRole('form', { name: 'Agregar grupos de Primaria' });
  await user.type(within(form).getByLabelText(/^Grupos/), 'A, a');
  await user.type(within(form).getByLabelText('Cupo (opcional)'), 'treinta');
  await user.click(within(form).getByRole('button', { name: 'Agregar grupos' }));
  expect(await within(form).findByText('Hay grupos repetidos.')).toBeVisible();
  expect(within(form).getByText('Escribe un cupo válido.')).toBeVisible();
  expect(within(form).getByText('Elige un grado.')).toBeVisible();
  expect(network.sent('POST', `${AC}form_data/`)).toHaveLength(0);

  await user.selectOptions(within(form).getByLabelText('Grado'), '3');
  await user.clear(within(form).getByLabelText(/^Grupos/));
  await user.type(within(form).getByLabelText(/^Grupos/), 'A, B');
  await user.clear(within(form).getByLabelText('Cupo (opcional)'));
  await user.type(within(form).getByLabelText('Cupo (opcional)'), '30');
  await user.click(within(form).getByRole('button', { name: 'Agregar grupos' }));

  await waitFor(() => expect(within(form).getByLabelText(/^Grupos/)).toHaveValue(''));
  const [sent] = network.sent('POST', `${AC}form_data/`);
  expect(await sent!.json()).toEqual({
    school_id: 'school-1',
    level_id: 'lvl-elementary',
    grade: 3,
    groups: ['A', 'B'],
    capacity: 30,
  });
});

test('editing a group sends the form shape to update_from_form', async () => {
  const network = stubFetch()
    .on('GET', '/api/auth/csrf', { csrfToken: 't' })
    .on('GET', LEVELS, [elementary])
    .on('PUT', `${AC}s-2/update_from_form/`, section('s-2', '1° C', 0));
  renderLevels();
  const user = userEvent.setup();
  await user.click(await screen.findByRole('button', { name: 'Editar 1° B' }));
  const form = screen.getByRole('form', { name: 'Editar 1° B' });
  expect(within(form).getByLabelText('Grupo')).toHaveValue('B');
  await user.clear(within(form).getByLabelText('Grupo'));
  await user.click(within(form).getByRole('button', { name: 'Guardar grupo' }));
  expect(await within(form).findByText('Escribe la letra o nombre del grupo.')).toBeVisible();
  await user.type(within(form).getByLabelText('Grupo'), 'C');
  await user.click(within(form).getByRole('button', { name: 'Guardar grupo' }));

  await screen.findByRole('button', { name: 'Editar 1° B' });
  const [sent] = network.sent('PUT', `${AC}s-2/update_from_form/`);
  expect(await sent!.json()).toEqual({
    level_id: 'lvl-elementary',
    grade: 1,
    group: 'C',
    capacity: null,
  });
});

test('a bulk delete blocked by students shows the message and each blocking group', async () => {
  const network = stubFetch()
    .on('GET', '/api/auth/csrf', { csrfToken: 't' })
    .on('GET', LEVELS, [elementary])
    .on('POST', `${AC}bulk_delete/`, () =>
      jsonResponse(
        {
          error: {
            code: 'CONFLICT',
            message:
              'No se eliminó ningún grupo: 2 tienen alumnos asignados. Cámbialos de grupo primero.',
            details: [
              { path: 's-1', message: '1° A (Primaria) tiene 12 alumnos asignados.' },
              { path: 's-3', message: '2° A (Primaria) tiene 3 alumnos asignados.' },
            ],
          },
        },
        { status: 409 },
      ),
    );
  renderLevels();
  const user = userEvent.setup();
  await user.click(await screen.findByLabelText('Seleccionar 1° A'));
  await user.click(screen.getByLabelText('Seleccionar 1° B'));
  await user.click(screen.getByLabelText('Seleccionar 2° A'));
  await user.click(screen.getByRole('button', { name: 'Eliminar seleccionados (3)' }));

  expect(
    await screen.findByText(
      'No se eliminó ningún grupo: 2 tienen alumnos asignados. Cámbialos de grupo primero.',
    ),
  ).toBeVisible();
  const blocking = screen.getByRole('list', { name: 'Grupos con alumnos' });
  expect(within(blocking).getAllByRole('listitem')).toHaveLength(2);
  const [sent] = network.sent('POST', `${AC}bulk_delete/`);
  expect(await sent!.json()).toEqual({ school_id: 'school-1', section_ids: ['s-1', 's-2', 's-3'] });
});

test('without levels.write: no selection, no editing, no forms', async () => {
  stubFetch().on('GET', LEVELS, [elementary]);
  renderLevels(false);
  await screen.findByRole('table', { name: 'Grupos de Primaria' });
  expect(screen.queryByRole('checkbox')).toBeNull();
  expect(screen.queryByRole('button', { name: /Editar|Eliminar|Ofrecer/ })).toBeNull();
  expect(screen.queryByRole('form')).toBeNull();
});

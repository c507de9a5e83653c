/** @jest-environment @cuota/web-core/test-support/jsdom-environment */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { LevelWithSections, Section } from '@cuota/contracts/enrolment/levels';
import { forgetCsrfToken } from '@cuota/web-core/api/csrf';
import { apiErrorResponse, jsonResponse, stubFetch } from '@cuota/web-core/test-support/fetch-stub';
import { renderWithProviders } from '@cuota/web-core/test-support/render-with-providers';
import { staffSession } from '@cuota/web-core/test-support/session-fixtures';
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
  expect(screen.queryByRole('button', { name: /Editar|Eliminar|Ofrecer|Subir|Bajar/ })).toBeNull();
  expect(screen.queryByRole('form')).toBeNull();
});

const preschool: LevelWithSections = {
  ...elementary,
  id: 'lvl-pre-school',
  level: 'pre-school',
  name: 'Preescolar',
  label: 'Preescolar',
  position: 0,
  grades: [1, 2, 3],
  sections: [],
};
const LEVEL = (id: string) => `/api/v1/schools/school-1/levels/${id}/`;

test('editing a level checks the name in Spanish, then sends only what changed', async () => {
  const network = stubFetch()
    .on('GET', '/api/auth/csrf', { csrfToken: 't' })
    .on('GET', LEVELS, [elementary])
    .on('PATCH', LEVEL('lvl-elementary'), { ...elementary, name: 'Primaria mayor', active: false });
  renderLevels();
  const user = userEvent.setup();
  await user.click(await screen.findByRole('button', { name: 'Editar nivel Primaria' }));
  const form = screen.getByRole('form', { name: 'Editar nivel Primaria' });
  await user.clear(within(form).getByLabelText('Nombre del nivel'));
  await user.type(within(form).getByLabelText('Nombre del nivel'), 'P');
  await user.click(within(form).getByRole('button', { name: 'Guardar nivel' }));
  expect(await within(form).findByText('Escribe el nombre del nivel.')).toBeVisible();
  expect(network.sent('PATCH', LEVEL('lvl-elementary'))).toHaveLength(0);

  await user.type(within(form).getByLabelText('Nombre del nivel'), 'rimaria mayor');
  await user.click(within(form).getByLabelText(/^Activo/));
  await user.click(within(form).getByRole('button', { name: 'Guardar nivel' }));
  await waitFor(() => expect(screen.queryByRole('form', { name: /Editar nivel/ })).toBeNull());
  const [sent] = network.sent('PATCH', LEVEL('lvl-elementary'));
  expect(await sent!.json()).toEqual({ name: 'Primaria mayor', active: false });
});

test('a name the school already uses shows the server message and keeps the form', async () => {
  stubFetch()
    .on('GET', '/api/auth/csrf', { csrfToken: 't' })
    .on('GET', LEVELS, [preschool, elementary])
    .on('PATCH', LEVEL('lvl-elementary'), () =>
      apiErrorResponse(409, 'CONFLICT', 'Ya hay un nivel llamado Preescolar en la escuela.'),
    );
  renderLevels();
  const user = userEvent.setup();
  await user.click(await screen.findByRole('button', { name: 'Editar nivel Primaria' }));
  const form = screen.getByRole('form', { name: 'Editar nivel Primaria' });
  await user.clear(within(form).getByLabelText('Nombre del nivel'));
  await user.type(within(form).getByLabelText('Nombre del nivel'), 'Preescolar');
  await user.click(within(form).getByRole('button', { name: 'Guardar nivel' }));
  expect(
    await within(form).findByText('Ya hay un nivel llamado Preescolar en la escuela.'),
  ).toBeVisible();
});

test('levels move up and down by position; the ends cannot move further', async () => {
  const network = stubFetch()
    .on('GET', '/api/auth/csrf', { csrfToken: 't' })
    .on('GET', LEVELS, [preschool, elementary])
    .on('PATCH', LEVEL('lvl-pre-school'), { ...preschool, position: 1 });
  renderLevels();
  const user = userEvent.setup();
  expect(await screen.findByRole('button', { name: 'Subir Preescolar' })).toBeDisabled();
  expect(screen.getByRole('button', { name: 'Bajar Primaria' })).toBeDisabled();
  await user.click(screen.getByRole('button', { name: 'Bajar Preescolar' }));
  await waitFor(() => expect(network.sent('PATCH', LEVEL('lvl-pre-school'))).toHaveLength(1));
  expect(await network.sent('PATCH', LEVEL('lvl-pre-school'))[0]!.json()).toEqual({
    position: 1,
  });
});

test('an inactive level says so', async () => {
  stubFetch().on('GET', LEVELS, [{ ...elementary, active: false }]);
  renderLevels(false);
  expect(await screen.findByText('Inactivo: no aparece en la tienda')).toBeVisible();
});

test('deleting a level asks first; a level with students shows what blocks it', async () => {
  const network = stubFetch()
    .on('GET', '/api/auth/csrf', { csrfToken: 't' })
    .on('GET', LEVELS, [elementary])
    .on('DELETE', LEVEL('lvl-elementary'), () =>
      jsonResponse(
        {
          error: {
            code: 'CONFLICT',
            message:
              'No se puede eliminar Primaria: los grupos 1° A y 2° A tienen alumnos. Cambia a sus alumnos de nivel o desactiva el nivel para dejar de ofrecerlo.',
            details: [
              { path: 's-1', message: '1° A tiene 12 alumnos.' },
              { path: 's-3', message: '2° A tiene 3 alumnos.' },
            ],
          },
        },
        { status: 409 },
      ),
    );
  renderLevels();
  const user = userEvent.setup();
  await user.click(await screen.findByRole('button', { name: 'Eliminar nivel Primaria' }));
  const confirm = screen.getByRole('group', { name: 'Confirmar eliminar Primaria' });
  await user.click(within(confirm).getByRole('button', { name: 'No eliminar' }));
  expect(network.sent('DELETE', LEVEL('lvl-elementary'))).toHaveLength(0);

  await user.click(screen.getByRole('button', { name: 'Eliminar nivel Primaria' }));
  await user.click(screen.getByRole('button', { name: 'Sí, eliminar Primaria' }));
  expect(
    await screen.findByText(/^No se puede eliminar Primaria: los grupos 1° A y 2° A/),
  ).toBeVisible();
  const blocking = screen.getByRole('list', { name: 'Lo que impide eliminar Primaria' });
  expect(
    within(blocking)
      .getAllByRole('listitem')
      .map((li) => li.textContent),
  ).toEqual(['1° A tiene 12 alumnos.', '2° A tiene 3 alumnos.']);
  expect(network.sent('DELETE', LEVEL('lvl-elementary'))).toHaveLength(1);
});

test('a level nobody is in is deleted and the list is read again', async () => {
  let deleted = false;
  const network = stubFetch()
    .on('GET', '/api/auth/csrf', { csrfToken: 't' })
    .on('GET', LEVELS, () => jsonResponse(deleted ? [elementary] : [preschool, elementary]))
    .on('DELETE', LEVEL('lvl-pre-school'), () => {
      deleted = true;
      return new Response(null, { status: 204 });
    });
  renderLevels();
  const user = userEvent.setup();
  await user.click(await screen.findByRole('button', { name: 'Eliminar nivel Preescolar' }));
  await user.click(screen.getByRole('button', { name: 'Sí, eliminar Preescolar' }));
  await waitFor(() => expect(screen.queryByRole('heading', { name: 'Preescolar' })).toBeNull());
  expect(screen.getByRole('heading', { name: 'Primaria' })).toBeVisible();
  expect(network.sent('DELETE', LEVEL('lvl-pre-school'))).toHaveLength(1);
  expect(screen.queryByRole('alert')).toBeNull();
});

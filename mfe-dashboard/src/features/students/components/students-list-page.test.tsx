/** @jest-environment @cuota/web-core/test-support/jsdom-environment */
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { StudentFilterOptions, StudentRow } from '@cuota/contracts/enrolment/student-list';
import { stubFetch } from '@cuota/web-core/test-support/fetch-stub';
import { renderWithProviders } from '@cuota/web-core/test-support/render-with-providers';
import { staffSession } from '@cuota/web-core/test-support/session-fixtures';
import { StudentsListView } from './students-list-page';

const LIST = '/api/v2/dashboard/schools/school-1/students_by_level/';
const row = (n: number, extra: Partial<StudentRow> = {}): StudentRow => ({
  id: `s-${n}`,
  first_name: `Alumno ${n}`,
  last_name: 'García',
  curp: null,
  enrolment_code: `M-${n}`,
  gender: 'F',
  level: 'elementary',
  section: { id: 'sec-1', name: '1° A' },
  status: 'active',
  billing_guardian_id: null,
  ...extra,
});
const options: StudentFilterOptions = {
  levels: [
    { value: 'elementary', label: 'Primaria', count: 30 },
    { value: 'middle', label: 'Secundaria', count: 3 },
  ],
  sections: [
    { value: 'sec-1', label: '1° A', level: 'elementary', count: 30 },
    { value: 'sec-9', label: '1° B', level: 'middle', count: 3 },
  ],
  statuses: [
    { value: 'active', label: 'Activo', count: 31 },
    { value: 'inactive', label: 'Inactivo', count: 2 },
  ],
  genders: [],
  billing_guardian: [],
};
const page = (results: StudentRow[], count = results.length) => ({
  count,
  count_is_capped: false,
  page: 1,
  page_size: 25,
  results,
});

function renderList(url = '/dashboard/students') {
  return renderWithProviders(<StudentsListView schoolId="school-1" />, {
    url,
    path: '/dashboard/students',
    session: staffSession(),
  });
}
const lastQuery = (network: ReturnType<typeof stubFetch>) =>
  new URL(network.sent('GET', LIST).at(-1)!.url).searchParams;

test('filters and search go to the server; pages move through the answer', async () => {
  const network = stubFetch()
    .on('GET', `${LIST}filters/`, options)
    .on('GET', LIST, (req: Request) => {
      const q = new URL(req.url).searchParams;
      if (q.get('status') === 'inactive')
        return Response.json(page([row(99, { status: 'inactive' })]));
      return Response.json(
        page(
          Array.from({ length: 25 }, (_, i) => row(i + 1)),
          60,
        ),
      );
    });
  const { router } = renderList();
  const user = userEvent.setup();

  expect(await screen.findByRole('table', { name: 'Alumnos (60)' })).toBeVisible();
  expect(screen.getByText('Página 1 de 3')).toBeVisible();
  await user.click(screen.getByRole('button', { name: 'Siguiente' }));
  expect(lastQuery(network).get('page')).toBe('2');

  await user.selectOptions(await screen.findByLabelText('Estatus'), 'inactive');
  expect(await screen.findByRole('link', { name: 'García, Alumno 99' })).toBeVisible();
  expect(Object.fromEntries(lastQuery(network))).toEqual({
    status: 'inactive',
    page: '1',
    page_size: '25',
  });
  expect(router.state.location.search).toBe('?status=inactive');

  await user.type(screen.getByLabelText('Buscar'), 'GOMR100101');
  await user.click(screen.getByRole('button', { name: 'Buscar' }));
  expect(lastQuery(network).get('search')).toBe('GOMR100101');
  expect(lastQuery(network).get('status')).toBe('inactive');
  expect(screen.getByRole('link', { name: 'Exportar a Excel' })).toHaveAttribute(
    'href',
    `${LIST}xlsx/?status=inactive&search=GOMR100101`,
  );
});

test('the Alumno header asks the server for the other order, and says which one is shown', async () => {
  const network = stubFetch()
    .on('GET', `${LIST}filters/`, options)
    .on('GET', LIST, page([row(1), row(2)]));
  const { router } = renderList();
  const user = userEvent.setup();
  const header = await screen.findByRole('columnheader', { name: /Alumno/ });
  expect(header).toHaveAttribute('aria-sort', 'ascending');

  await user.click(screen.getByRole('button', { name: /Alumno/ }));

  await waitFor(() => expect(lastQuery(network).get('ordering')).toBe('-last_name'));
  expect(router.state.location.search).toBe('?ordering=-last_name');
  expect(await screen.findByRole('columnheader', { name: /Alumno/ })).toHaveAttribute(
    'aria-sort',
    'descending',
  );
});

test('choosing a level offers only its groups and forgets the chosen group', async () => {
  const network = stubFetch()
    .on('GET', `${LIST}filters/`, options)
    .on('GET', LIST, page([row(1)]));
  renderList('/dashboard/students?section_id=sec-9&level=middle');
  const user = userEvent.setup();
  await screen.findByRole('table');
  await user.selectOptions(await screen.findByLabelText('Nivel'), 'elementary');
  expect(Object.fromEntries(lastQuery(network))).toEqual({
    level: 'elementary',
    page: '1',
    page_size: '25',
  });
  const groups = screen.getByLabelText('Grupo');
  expect([...groups.querySelectorAll('option')].map((o) => o.textContent)).toEqual([
    'Todos',
    '1° A (30)',
  ]);
});

test('with every level listed, each group names its level (every level has a "1° A")', async () => {
  stubFetch()
    .on('GET', `${LIST}filters/`, {
      ...options,
      sections: [
        { value: 'sec-1', label: '1° A', level: 'elementary', count: 30 },
        { value: 'sec-5', label: '1° A', level: 'middle', count: 13 },
      ],
    })
    .on('GET', LIST, page([row(1)]));
  renderList();
  await screen.findByRole('table');
  const groups = screen.getByLabelText('Grupo');
  await waitFor(() =>
    expect([...groups.querySelectorAll('option')].map((o) => o.textContent)).toEqual([
      'Todos',
      'Primaria 1° A (30)',
      'Secundaria 1° A (13)',
    ]),
  );
});

test('no match shows an empty state; an error shows the API message', async () => {
  stubFetch().on('GET', `${LIST}filters/`, options).on('GET', LIST, page([]));
  renderList();
  expect(await screen.findByText('No hay alumnos que coincidan')).toBeVisible();
});

test('a refused list shows the Spanish message of the API', async () => {
  stubFetch()
    .on('GET', `${LIST}filters/`, options)
    .on('GET', LIST, () =>
      Response.json(
        {
          error: {
            code: 'FORBIDDEN',
            message: 'Tu rol no tiene permiso para realizar esta acción en esta escuela.',
          },
        },
        { status: 403 },
      ),
    );
  renderList();
  expect(await screen.findByRole('alert')).toHaveTextContent(
    'Tu rol no tiene permiso para realizar esta acción en esta escuela.',
  );
});

/** @jest-environment @cuota/web-core/test-support/jsdom-environment */
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { stubFetch } from '@cuota/web-core/test-support/fetch-stub';
import { renderWithProviders } from '@cuota/web-core/test-support/render-with-providers';
import { staffSession } from '@cuota/web-core/test-support/session-fixtures';
import { BASE, SCHOOL, student } from '../test-support/massive-job-fixtures';
import { StudentChooser } from './massive-job-students';

const ANA = student('s-ana', 'Ana', { enrolment_code: 'A-001' });
const JOSE = student('s-jose', 'José', {
  last_name: 'Pérez',
  enrolment_code: 'A-002',
  section: { id: 'g-3a', name: '3° A' },
});
const LUIS = student('s-luis', 'Luis', { section: { id: 'g-3a', name: '3° A' } });

/** A school of 1,000 active students: the first page, or what the search and group leave. */
function schoolOfAThousand() {
  return stubFetch()
    .on('GET', `/api/v2/dashboard/schools/${SCHOOL}/students_by_level/filters/`, {
      levels: [{ value: 'elementary', label: 'Primaria', count: 1_000 }],
      sections: [
        { value: 'g-3a', label: '3° A', count: 2, level: 'elementary' },
        { value: 'g-1m', label: '1° Secundaria', count: 30, level: 'middle' },
      ],
      statuses: [],
      genders: [],
      billing_guardian: [],
    })
    .on('GET', `${BASE}/students/`, (request: Request) => {
      const query = new URL(request.url).searchParams;
      const results = query.get('search')
        ? [JOSE]
        : query.get('section_id')
          ? [JOSE, LUIS]
          : [ANA, JOSE, LUIS];
      const count = query.get('search') || query.get('section_id') ? results.length : 1_000;
      return Response.json({ count, count_is_capped: false, page: 1, page_size: 200, results });
    });
}

function Chooser() {
  const [chosen, setChosen] = useState<string[]>([]);
  return (
    <>
      <StudentChooser schoolId={SCHOOL} level="elementary" chosen={chosen} onChange={setChosen} />
      <output aria-label="Elegidos">{chosen.join(',')}</output>
    </>
  );
}

const chosen = () => screen.getByLabelText('Elegidos').textContent;

test('a school of 1,000: search by name, filter by group, choose those shown; the count always in sight', async () => {
  const network = schoolOfAThousand();
  renderWithProviders(<Chooser />, { url: '/d', path: '/d', session: staffSession() });
  const user = userEvent.setup();
  expect(await screen.findByText('0 alumnos elegidos')).toBeVisible();
  expect(await screen.findByText(/Se muestran los primeros 200 de 1,000/)).toBeVisible();
  expect(screen.getByLabelText('Ana García · A-001')).not.toBeChecked();
  // The concept's level fixes the level: only its groups are offered.
  expect(screen.queryByLabelText('Nivel')).toBeNull();
  const groups = screen.getByLabelText('Grupo');
  expect([...groups.querySelectorAll('option')].map((o) => o.textContent)).toEqual([
    'Todos',
    '3° A (2)',
  ]);

  await user.click(screen.getByRole('button', { name: 'Seleccionar los 3 mostrados' }));
  expect(screen.getByText('3 alumnos elegidos')).toBeVisible();
  expect(chosen()).toBe('s-ana,s-jose,s-luis');

  // Typed without the accent: enrolment folds it; what was chosen stays chosen.
  await user.type(screen.getByLabelText('Buscar alumno'), 'jose');
  expect(await screen.findByText(/1 coincide/)).toBeVisible();
  const searches = network.sent('GET', `${BASE}/students/`).map((r) => new URL(r.url));
  expect(searches.at(-1)!.searchParams.get('search')).toBe('jose');
  expect(searches.at(-1)!.searchParams.get('level')).toBe('elementary');
  expect(searches.at(-1)!.searchParams.get('status')).toBe('active');
  expect(screen.queryByLabelText('Ana García · A-001')).toBeNull();
  await user.click(screen.getByLabelText('José Pérez · A-002 · 3° A'));
  expect(screen.getByText('2 alumnos elegidos')).toBeVisible();
  expect(chosen()).toBe('s-ana,s-luis');

  await user.clear(screen.getByLabelText('Buscar alumno'));
  await user.selectOptions(groups, 'g-3a');
  expect(await screen.findByText(/2 coinciden/)).toBeVisible();
  const last = new URL(network.sent('GET', `${BASE}/students/`).at(-1)!.url);
  expect(last.searchParams.get('section_id')).toBe('g-3a');
  await user.click(screen.getByRole('button', { name: 'Seleccionar los 2 mostrados' }));
  expect(chosen()).toBe('s-ana,s-luis,s-jose');

  await user.click(screen.getByRole('button', { name: 'Quitar selección' }));
  expect(screen.getByText('0 alumnos elegidos')).toBeVisible();
  expect(screen.getByRole('button', { name: 'Quitar selección' })).toBeDisabled();
});

test('Enter in the search box searches at once and asks for no preview', async () => {
  const submitted = jest.fn((e: { preventDefault: () => void }) => e.preventDefault());
  const network = schoolOfAThousand();
  renderWithProviders(
    <form onSubmit={submitted}>
      <StudentChooser schoolId={SCHOOL} level={null} chosen={[]} onChange={() => {}} />
    </form>,
    { url: '/d', path: '/d', session: staffSession() },
  );
  const user = userEvent.setup();
  expect(await screen.findByLabelText('Nivel')).toBeVisible();
  await user.type(screen.getByLabelText('Buscar alumno'), 'A-002{Enter}');
  expect(await screen.findByText(/1 coincide/)).toBeVisible();
  expect(submitted).not.toHaveBeenCalled();
  const last = new URL(network.sent('GET', `${BASE}/students/`).at(-1)!.url);
  expect(last.searchParams.get('search')).toBe('A-002');
  expect(last.searchParams.has('level')).toBe(false);
});

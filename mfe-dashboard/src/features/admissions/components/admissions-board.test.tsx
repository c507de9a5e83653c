/** @jest-environment @cuota/web-core/test-support/jsdom-environment */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { jsonResponse, stubFetch } from '@cuota/web-core/test-support/fetch-stub';
import { renderWithProviders } from '@cuota/web-core/test-support/render-with-providers';
import { staffSession } from '@cuota/web-core/test-support/session-fixtures';
import { AdmissionsBoard } from './admissions-board';

const BOARD = '/api/v1/dashboard/schools/school-1/inscriptions/';
const card = (status: string, n: number) => ({
  id: `${status}-${n}`,
  first_name: 'Alumno',
  last_name: `${status} ${n}`,
  level: 'elementary',
  status,
  guardian_names: [`Tutor ${n}`],
  concept_count: 0,
  updated_at: '2026-11-01T00:00:00.000Z',
});
/** 60 leads, 3 applicants, nobody inscribed; `search` narrows the leads to lead 7. */
function answer(url: URL) {
  const status = url.searchParams.get('status')!;
  const page = Number(url.searchParams.get('page'));
  const size = Number(url.searchParams.get('page_size'));
  const total = { lead: 60, new_student: 3, active: 0 }[status] ?? 0;
  let all = Array.from({ length: total }, (_, i) => card(status, i + 1));
  if (url.searchParams.get('search')) all = all.filter((c) => c.last_name === 'lead 7');
  return jsonResponse({
    count: all.length,
    page,
    page_size: size,
    results: all.slice((page - 1) * size, page * size),
  });
}
const render = () =>
  renderWithProviders(<AdmissionsBoard schoolId="school-1" />, {
    url: '/dashboard/admissions',
    path: '/dashboard/admissions',
    session: staffSession(),
  });
const column = (name: string) => screen.getByRole('region', { name });
/** Cards in a column (counted in the DOM: role queries over 100 cards are slow in jsdom). */
const cards = (name: string) => column(name).querySelectorAll('li').length;

test('a long column shows 50 cards and asks for more, page by page, until all are there', async () => {
  stubFetch().on('GET', BOARD, (request: Request) => answer(new URL(request.url)));
  render();
  const leads = () => within(column('Interesados'));
  await waitFor(() => expect(cards('Interesados')).toBe(50));
  expect(leads().getByRole('heading')).toHaveTextContent('Interesados (60)');
  const user = userEvent.setup();
  await user.click(leads().getByRole('button', { name: 'Mostrar más (50 de 60)' }));
  await waitFor(() => expect(cards('Interesados')).toBe(60));
  expect(leads().queryByRole('button', { name: /Mostrar más/ })).toBeNull();
  expect(cards('Aspirantes')).toBe(3);
  expect(within(column('Aspirantes')).queryByRole('button', { name: /Mostrar más/ })).toBeNull();
}, 15_000);

test('the search asks the server for every column and says when nobody matches', async () => {
  const network = stubFetch().on('GET', BOARD, (request: Request) => answer(new URL(request.url)));
  render();
  await waitFor(() => expect(cards('Interesados')).toBe(50));
  const user = userEvent.setup();
  await user.type(screen.getByLabelText('Buscar por alumno o tutor'), 'Tutor 7');
  await user.click(screen.getByRole('button', { name: 'Buscar' }));
  await waitFor(() => expect(cards('Interesados')).toBe(1));
  expect(within(column('Aspirantes')).getByText('Nadie coincide con la búsqueda.')).toBeVisible();
  const searched = network
    .sent('GET', BOARD)
    .map((r) => new URL(r.url).searchParams)
    .filter((p) => p.get('search') === 'Tutor 7')
    .map((p) => p.get('status'));
  expect(searched.sort()).toEqual(['active', 'lead', 'new_student']);
}, 15_000);

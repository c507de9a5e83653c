/** @jest-environment @cuota/web-core/test-support/jsdom-environment */
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { GuardianRow } from '@cuota/contracts/enrolment/guardian-profile';
import { stubFetch } from '@cuota/web-core/test-support/fetch-stub';
import { renderWithProviders } from '@cuota/web-core/test-support/render-with-providers';
import { staffSession } from '@cuota/web-core/test-support/session-fixtures';
import { SchoolGuardiansView } from './school-guardians-page';

const GUARDIANS = '/api/v1/dashboard/schools/school-1/guardians/';
const guardian = (n: number): GuardianRow => ({
  id: `g-${n}`,
  first_name: `Tutor ${n}`,
  last_name: 'López',
  email: `tutor${n}@example.com`,
  phone: null,
  billing_name: null,
  tax_id: null,
  students_count: 1,
});

/** 30 guardians; a search for «Tutor 7» finds one. */
function answer(request: Request) {
  const query = new URL(request.url).searchParams;
  const all = Array.from({ length: 30 }, (_, i) => guardian(i + 1));
  const found = query.get('search') ? all.filter((g) => g.first_name === query.get('search')) : all;
  const page = Number(query.get('page'));
  const results = found.slice((page - 1) * 25, page * 25);
  return Response.json({ count: found.length, page, page_size: 25, results });
}

test('search and page live in the URL and go to the server; each guardian gives a portal link', async () => {
  const network = stubFetch()
    .on('GET', GUARDIANS, answer)
    .on('GET', `${GUARDIANS}g-7/portal_url/`, {
      guardian_id: 'g-7',
      portal_path: '/guardians/abc',
      portal_url: 'https://cuota.mx/guardians/abc',
    });
  const { router } = renderWithProviders(<SchoolGuardiansView schoolId="school-1" />, {
    url: '/dashboard/students/guardians?page=2',
    path: '/dashboard/students/guardians',
    session: staffSession(),
  });
  const user = userEvent.setup();

  const table = await screen.findByRole('table', { name: 'Tutores (30)' });
  expect(within(table).getAllByRole('row')).toHaveLength(1 + 5);

  await user.type(screen.getByRole('textbox', { name: 'Buscar tutor' }), 'Tutor 7');
  await user.click(screen.getByRole('button', { name: 'Buscar' }));
  expect(router.state.location.search).toBe('?search=Tutor+7');
  await screen.findByRole('table', { name: 'Tutores (1)' });
  const asked = new URL(network.sent('GET', GUARDIANS).at(-1)!.url).searchParams;
  expect(Object.fromEntries(asked)).toEqual({ search: 'Tutor 7', page: '1', page_size: '25' });

  await user.click(screen.getByRole('button', { name: 'Ver enlace' }));
  expect(await screen.findByText('https://cuota.mx/guardians/abc')).toBeVisible();
});

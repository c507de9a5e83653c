/** @jest-environment @cuota/web-core/test-support/jsdom-environment */
import { lazy, Suspense } from 'react';
import { screen, waitFor } from '@testing-library/react';
import { stubFetch } from '@cuota/web-core/test-support/fetch-stub';
import { renderWithProviders } from '@cuota/web-core/test-support/render-with-providers';
import { staffSession } from '@cuota/web-core/test-support/session-fixtures';
import { DASHBOARD_SECTIONS, type DashboardSection } from './dashboard-sections';
import { SectionGate } from './section-gate';

const DUE = '/api/v4/dashboard/schools/school-1/due_orders/students/';
const adeudos = DASHBOARD_SECTIONS.find((s) => s.path === 'due')!;

/** Adeudos whose page code never finishes loading: what leaves is the prefetch's alone. */
function renderStillLoading(url: string, section: DashboardSection = adeudos) {
  const NeverLoaded = lazy(() => new Promise<never>(() => undefined));
  return renderWithProviders(
    <SectionGate section={section}>
      <Suspense fallback={<p>Cargando adeudos…</p>}>
        <NeverLoaded />
      </Suspense>
    </SectionGate>,
    { url, path: '/dashboard/due/*', session: staffSession() },
  );
}

test("Adeudos asks for its first page, with the address's filters, before its code arrives", async () => {
  const network = stubFetch()
    .on('GET', DUE, { count: 0, page: 2, page_size: 25, results: [] })
    .on('GET', `${DUE}filters/`, {
      levels: [],
      sections: [],
      due_statuses: [],
      totals: { pending_centavos: 0, overdue_centavos: 0 },
    });
  renderStillLoading('/dashboard/due?due_status=OUTSTANDING&page=2');

  await waitFor(() => expect(network.sent('GET', DUE)).toHaveLength(1));
  expect(screen.getByText('Cargando adeudos…')).toBeVisible();
  const query = new URL(network.sent('GET', DUE)[0]!.url).searchParams;
  expect(Object.fromEntries(query)).toEqual({
    due_status: 'OUTSTANDING',
    page: '2',
    page_size: '25',
  });
  await waitFor(() => expect(network.sent('GET', `${DUE}filters/`)).toHaveLength(1));
});

test("a student's detail under Adeudos does not fetch the list it is not showing", async () => {
  const network = stubFetch();
  renderStillLoading('/dashboard/due/student-1');

  await screen.findByText('Cargando adeudos…');
  await new Promise((resolve) => setTimeout(resolve, 50));
  expect(network.requests).toHaveLength(0);
});

test('a role the section does not reach asks for nothing', async () => {
  const network = stubFetch();
  renderWithProviders(
    <SectionGate section={adeudos}>
      <p>Adeudos</p>
    </SectionGate>,
    {
      url: '/dashboard/due',
      path: '/dashboard/due/*',
      session: staffSession({ memberships: [{ school_id: 'school-1', role: 'OTHER' }] }),
    },
  );

  await screen.findByText('Tu rol no tiene acceso a esta sección');
  await new Promise((resolve) => setTimeout(resolve, 50));
  expect(network.requests).toHaveLength(0);
});

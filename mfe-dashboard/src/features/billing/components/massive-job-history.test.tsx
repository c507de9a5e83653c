/** @jest-environment @cuota/web-core/test-support/jsdom-environment */
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { stubFetch } from '@cuota/web-core/test-support/fetch-stub';
import { renderWithProviders } from '@cuota/web-core/test-support/render-with-providers';
import { staffSession } from '@cuota/web-core/test-support/session-fixtures';
import { BASE, colegiatura, historyOf, job, SCHOOL } from '../test-support/massive-job-fixtures';
import { MassiveJobHistory } from './massive-job-history';

const HISTORY = `${BASE}/massive_jobs/`;
const billRun = (n: number) =>
  job({
    id: `run-${n}`,
    kind: 'bill_run',
    status: 'SUCCESS',
    params: { concept_id: colegiatura.id, period: '2026-10' },
    total: 1_000,
    done: 1_000,
    // 30 nov 2026, 10:42 in Mexico City, a minute earlier each run.
    created_at: new Date(Date.UTC(2026, 10, 30, 16, 42 - n)).toISOString(),
  });
const partial = job({
  id: 'run-partial',
  kind: 'scholarship',
  status: 'PARTIAL_SUCCESS',
  params: { concept_id: colegiatura.id },
  total: 2,
  done: 2,
  failed: 1,
  created_by: null,
  created_by_name: null,
  created_at: '2026-11-29T15:00:00.000Z',
  errors: [{ student_id: 's-2', student_name: 'Luis García', reason: 'Ya tiene una beca.' }],
});

/** 23 runs: ten a page; a kind or status filter leaves what matches. */
function schoolWithRuns() {
  return stubFetch()
    .on('GET', `${BASE}/concepts/`, [colegiatura])
    .on('GET', HISTORY, (request: Request) => {
      const query = new URL(request.url).searchParams;
      if (query.get('status') === 'FAILED') return Response.json(historyOf([]));
      if (query.get('kind') === 'scholarship') return Response.json(historyOf([partial]));
      const page = Number(query.get('page'));
      const runs = page === 3 ? [billRun(20), billRun(21), partial] : [];
      for (let n = (page - 1) * 10; runs.length < 10 && page < 3; n++) runs.push(billRun(n));
      return Response.json(historyOf(runs, 23, page));
    });
}

const pageAsked = (network: ReturnType<typeof stubFetch>) =>
  new URL(network.sent('GET', HISTORY).at(-1)!.url).searchParams;

test('the history pages 23 runs, newest first, each with its subject, date, starter, status and counts', async () => {
  const network = schoolWithRuns();
  renderWithProviders(<MassiveJobHistory schoolId={SCHOOL} />, {
    url: '/d',
    path: '/d',
    session: staffSession(),
  });
  const user = userEvent.setup();
  expect(await screen.findByText('23 procesos, el más reciente primero.')).toBeVisible();
  expect(pageAsked(network).get('page_size')).toBe('10');
  const [first] = within(screen.getByRole('list')).getAllByRole('listitem');
  expect(first).toHaveTextContent('Generación de órdenes · Colegiatura · octubre 2026');
  expect(first).toHaveTextContent(/30 nov 2026,\s10:42\sa\./);
  expect(first).toHaveTextContent('iniciado por Teresa Tesorera');
  expect(first).toHaveTextContent('Terminado');
  expect(first).toHaveTextContent('1,000 correctos · 0 con error · 1,000 de 1,000 alumnos');
  expect(screen.getByText(/Página 1 de 3/)).toBeVisible();

  await user.click(screen.getByRole('button', { name: 'Siguiente' }));
  expect(await screen.findByText(/Página 2 de 3/)).toBeVisible();
  expect(pageAsked(network).get('page')).toBe('2');
  await user.click(screen.getByRole('button', { name: 'Siguiente' }));
  expect(await screen.findByText(/Página 3 de 3/)).toBeVisible();
  const last = (await screen.findByText('Beca masiva', { selector: 'strong' })).closest('li')!;
  expect(last).toHaveTextContent('Beca masiva · Colegiatura');
  expect(last).toHaveTextContent('iniciado por el sistema');
  expect(last).toHaveTextContent('1 correcto · 1 con error · 2 de 2 alumnos');
  await user.click(within(last).getByText('1 alumno con error'));
  expect(within(last).getByText(/Ya tiene una beca\./)).toBeVisible();
  expect(screen.getByRole('button', { name: 'Siguiente' })).toBeDisabled();
});

test('filters by kind and status go back to the first page; none matching says so', async () => {
  const network = schoolWithRuns();
  renderWithProviders(<MassiveJobHistory schoolId={SCHOOL} />, {
    url: '/d',
    path: '/d',
    session: staffSession(),
  });
  const user = userEvent.setup();
  await user.click(await screen.findByRole('button', { name: 'Siguiente' }));
  await screen.findByText(/Página 2 de 3/);

  await user.selectOptions(screen.getByLabelText('Tipo de proceso'), 'Beca masiva');
  expect(await screen.findByText('1 procesos, el más reciente primero.')).toBeVisible();
  expect(pageAsked(network).get('kind')).toBe('scholarship');
  expect(pageAsked(network).get('page')).toBe('1');

  await user.selectOptions(screen.getByLabelText('Estatus'), 'Falló');
  expect(await screen.findByText('Ningún proceso coincide con los filtros.')).toBeVisible();
  expect(pageAsked(network).get('status')).toBe('FAILED');
});

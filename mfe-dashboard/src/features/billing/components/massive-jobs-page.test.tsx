/** @jest-environment @cuota/web-core/test-support/jsdom-environment */
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { forgetCsrfToken } from '@cuota/web-core/api/csrf';
import { stubFetch } from '@cuota/web-core/test-support/fetch-stub';
import { renderWithProviders } from '@cuota/web-core/test-support/render-with-providers';
import { staffSession } from '@cuota/web-core/test-support/session-fixtures';
import {
  BASE,
  colegiatura,
  historyOf,
  job,
  SCHOOL,
  student,
} from '../test-support/massive-job-fixtures';
import { MassiveJobsPage } from './massive-jobs-page';

beforeEach(() => forgetCsrfToken());

test('a massive assignment: preview of students and total, confirm, progress bar and each student’s error', async () => {
  const reads = [
    job({}),
    job({
      status: 'PARTIAL_SUCCESS',
      done: 2,
      failed: 1,
      errors: [
        { student_id: 's-2', student_name: 'Luis García', reason: 'Este alumno no está activo.' },
      ],
    }),
  ];
  const network = stubFetch()
    .on('GET', '/api/auth/csrf', { csrfToken: 't' })
    .on('GET', `${BASE}/concepts/`, [colegiatura])
    .on('GET', `${BASE}/students/`, {
      count: 2,
      count_is_capped: false,
      page: 1,
      page_size: 200,
      results: [student('s-1', 'Ana'), student('s-2', 'Luis')],
    })
    .on('GET', `${BASE}/massive_jobs/`, () =>
      Response.json(historyOf(reads.length > 1 ? [] : [reads[0]!])),
    )
    .on('GET', `${BASE}/massive_jobs/job-1/`, () =>
      Response.json(reads.length > 1 ? reads.shift() : reads[0]),
    )
    .on('POST', `${BASE}/massive_assignments/`, () =>
      Response.json(job({ status: 'PENDING', done: 0 }), { status: 202 }),
    );
  renderWithProviders(<MassiveJobsPage />, { url: '/d', path: '/d', session: staffSession() });
  const user = userEvent.setup();
  await user.selectOptions(await screen.findByLabelText('Concepto'), 'Colegiatura');
  await user.selectOptions(screen.getByLabelText('Mes'), '2026-10');
  await user.click(await screen.findByRole('button', { name: 'Seleccionar los 2 mostrados' }));
  await user.click(screen.getByRole('button', { name: 'Ver vista previa' }));

  const preview = screen.getByRole('region', { name: 'Vista previa' });
  expect(preview).toHaveTextContent('Alumnos2');
  expect(preview).toHaveTextContent('Total a cobrar$5,000.00');
  expect(network.sent('POST', `${BASE}/massive_assignments/`)).toHaveLength(0);
  await user.click(screen.getByRole('button', { name: 'Confirmar' }));

  const [sent] = network.sent('POST', `${BASE}/massive_assignments/`);
  expect(await sent!.json()).toEqual({
    concept_id: colegiatura.id,
    period: '2026-10',
    student_ids: ['s-1', 's-2'],
  });
  const progress = await screen.findByRole('region', { name: 'Avance del proceso' });
  expect(
    await within(progress).findByText('Terminado con errores', {}, { timeout: 4000 }),
  ).toBeVisible();
  expect(within(progress).getByRole('progressbar')).toHaveAttribute('value', '2');
  expect(progress).toHaveTextContent('Luis García: Este alumno no está activo.');
});

const ANA = '5a1e0000-0000-4000-8000-000000000001';
const LUIS = '5a1e0000-0000-4000-8000-000000000002';

const schoolWithStudents = () =>
  stubFetch()
    .on('GET', '/api/auth/csrf', { csrfToken: 't' })
    .on('GET', `${BASE}/concepts/`, [colegiatura])
    .on('GET', `${BASE}/students/`, {
      count: 2,
      count_is_capped: false,
      page: 1,
      page_size: 200,
      results: [student(ANA, 'Ana'), student(LUIS, 'Luis')],
    })
    .on('GET', `${BASE}/massive_jobs/`, historyOf([]));

test('a massive discount: errors beside the amount in pesos and the reason, preview, confirm', async () => {
  const network = schoolWithStudents()
    .on('GET', `${BASE}/massive_jobs/job-1/`, job({ kind: 'discount', status: 'SUCCESS' }))
    .on('POST', `${BASE}/massive_special_discounts/`, () =>
      Response.json(job({ kind: 'discount', status: 'PENDING', done: 0 }), { status: 202 }),
    );
  renderWithProviders(<MassiveJobsPage />, { url: '/d', path: '/d', session: staffSession() });
  const user = userEvent.setup();
  await user.selectOptions(await screen.findByLabelText('Qué hacer'), 'discount');
  await user.selectOptions(screen.getByLabelText('Concepto'), 'Colegiatura');
  await user.selectOptions(screen.getByLabelText('Mes'), '2026-10');
  await user.selectOptions(screen.getByLabelText('Tipo'), 'AMOUNT');
  await user.click(await screen.findByRole('button', { name: 'Seleccionar los 2 mostrados' }));
  await user.click(screen.getByRole('button', { name: 'Ver vista previa' }));

  expect(screen.getByLabelText('Monto')).toHaveAccessibleDescription(
    expect.stringContaining('Escribe una cantidad en pesos, por ejemplo 1,250.00.'),
  );
  expect(screen.getByLabelText('Motivo')).toHaveAccessibleDescription(
    'Escribe el motivo (al menos 3 letras).',
  );
  expect(screen.queryByRole('region', { name: 'Vista previa' })).toBeNull();

  await user.type(screen.getByLabelText('Monto'), '300');
  await user.type(screen.getByLabelText('Motivo'), 'Convenio con la empresa');
  await user.click(screen.getByRole('button', { name: 'Ver vista previa' }));
  const preview = screen.getByRole('region', { name: 'Vista previa' });
  expect(preview).toHaveTextContent('Alumnos2');
  expect(preview).toHaveTextContent('Descuento total (como máximo)$600.00');
  expect(network.sent('POST', `${BASE}/massive_special_discounts/`)).toHaveLength(0);
  await user.click(screen.getByRole('button', { name: 'Confirmar' }));

  const [sent] = network.sent('POST', `${BASE}/massive_special_discounts/`);
  expect(await sent!.json()).toEqual({
    concept_id: colegiatura.id,
    period: '2026-10',
    kind: 'AMOUNT',
    amount_centavos: 30_000,
    reason: 'Convenio con la empresa',
    student_ids: [ANA, LUIS],
  });
  expect(sent!.headers.get('idempotency-key')).toEqual(expect.any(String));
  const progress = await screen.findByRole('region', { name: 'Avance del proceso' });
  expect(await within(progress).findByText('Descuento masivo')).toBeVisible();
});

test('a massive scholarship: each problem beside its field, and a 400 marks the field it names', async () => {
  const late =
    'La beca empezaría después del ciclo del concepto: elige una fecha entre septiembre de 2026 y agosto de 2027.';
  const network = schoolWithStudents().on('POST', `${BASE}/massive_scholarship_assignments/`, () =>
    Response.json(
      {
        error: {
          code: 'VALIDATION_FAILED',
          message: late,
          details: [{ path: 'starts_on', message: late }],
        },
      },
      { status: 400 },
    ),
  );
  renderWithProviders(<MassiveJobsPage />, { url: '/d', path: '/d', session: staffSession() });
  const user = userEvent.setup();
  await user.selectOptions(await screen.findByLabelText('Qué hacer'), 'scholarship');
  await user.click(screen.getByRole('button', { name: 'Ver vista previa' }));
  expect(screen.getByLabelText('Concepto')).toHaveAccessibleDescription('Elige un concepto.');
  expect(screen.getByLabelText('Porcentaje de beca')).toHaveAccessibleDescription(
    'Escribe un porcentaje entre 0.01 y 100.',
  );
  expect(screen.getByLabelText('Motivo')).toHaveAccessibleDescription(
    'Escribe el motivo (al menos 3 letras).',
  );

  await user.selectOptions(screen.getByLabelText('Concepto'), 'Colegiatura');
  await user.click(screen.getByRole('button', { name: 'Ver vista previa' }));
  expect(screen.getByRole('group', { name: /Alumnos activos/ })).toHaveAccessibleDescription(
    'Elige al menos un alumno.',
  );
  expect(screen.getByLabelText('Concepto')).not.toHaveAccessibleDescription();

  await user.type(screen.getByLabelText('Porcentaje de beca'), '10');
  await user.type(screen.getByLabelText('Motivo'), 'Beca de hermanos');
  await user.click(await screen.findByRole('button', { name: 'Seleccionar los 2 mostrados' }));
  await user.click(screen.getByRole('button', { name: 'Ver vista previa' }));
  await user.click(screen.getByRole('button', { name: 'Confirmar' }));
  expect(network.sent('POST', `${BASE}/massive_scholarship_assignments/`)).toHaveLength(1);
  expect(await screen.findByLabelText('Concepto')).toHaveAccessibleDescription(late);
  expect(screen.getByLabelText('Concepto')).toHaveAttribute('aria-invalid', 'true');
  expect(screen.getByRole('button', { name: 'Ver vista previa' })).toBeVisible();
});

test('a massive disassignment: the month and the students beside their fields; a refusal naming no field below the form', async () => {
  schoolWithStudents().on('POST', `${BASE}/massive_dissassignments/`, () =>
    Response.json(
      { error: { code: 'CONFLICT', message: 'El concepto está desactivado.' } },
      { status: 409 },
    ),
  );
  renderWithProviders(<MassiveJobsPage />, { url: '/d', path: '/d', session: staffSession() });
  const user = userEvent.setup();
  await user.selectOptions(await screen.findByLabelText('Qué hacer'), 'disassignment');
  await user.selectOptions(screen.getByLabelText('Concepto'), 'Colegiatura');
  await user.type(screen.getByLabelText('Motivo'), 'Baja del servicio');
  await user.click(screen.getByRole('button', { name: 'Ver vista previa' }));
  expect(screen.getByLabelText('Mes')).toHaveAccessibleDescription('Elige el mes.');
  expect(screen.getByRole('group', { name: /Alumnos activos/ })).toHaveAccessibleDescription(
    'Elige al menos un alumno.',
  );
  expect(screen.queryByRole('region', { name: 'Vista previa' })).toBeNull();

  await user.selectOptions(screen.getByLabelText('Mes'), '2026-09');
  await user.click(await screen.findByLabelText('Ana García'));
  await user.click(screen.getByRole('button', { name: 'Ver vista previa' }));
  await user.click(screen.getByRole('button', { name: 'Confirmar' }));
  const alerts = await screen.findAllByRole('alert');
  expect(alerts.map((a) => a.textContent)).toEqual(['El concepto está desactivado.']);
});

test('a role offers only the jobs it may start; one that may start none reads the history only', async () => {
  schoolWithStudents();
  const grantsOnly = staffSession({
    memberships: [
      {
        school_id: SCHOOL,
        role: 'ADMINISTRATIVE_DIRECTOR',
        permissions: ['billing.read', 'scholarships.write'],
      },
    ],
  });
  const first = renderWithProviders(<MassiveJobsPage />, {
    url: '/d',
    path: '/d',
    session: grantsOnly,
  });
  const kinds = within(await screen.findByLabelText('Qué hacer')).getAllByRole('option');
  expect(kinds.map((o) => o.textContent)).toEqual([
    'Otorgar una beca (porcentaje)',
    'Dar un descuento especial (un mes del concepto)',
  ]);
  first.unmount();

  const accountant = staffSession({ memberships: [{ school_id: SCHOOL, role: 'ACCOUNTANT' }] });
  renderWithProviders(<MassiveJobsPage />, { url: '/d', path: '/d', session: accountant });
  expect(
    await screen.findByText(
      'Tu rol puede consultar el historial, pero no iniciar procesos masivos.',
    ),
  ).toBeVisible();
  expect(screen.queryByLabelText('Qué hacer')).toBeNull();
  expect(await screen.findByText('Aún no hay procesos masivos.')).toBeVisible();
});

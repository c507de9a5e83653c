/** @jest-environment @cuota/web-core/test-support/jsdom-environment */
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { BillRun, BillRunPreview } from '@cuota/contracts/billing/bill-runs';
import type { Concept } from '@cuota/contracts/billing/concepts';
import type { SchoolCycle } from '@cuota/contracts/enrolment/cycles';
import { forgetCsrfToken } from '@cuota/web-core/api/csrf';
import { stubFetch } from '@cuota/web-core/test-support/fetch-stub';
import { renderWithProviders } from '@cuota/web-core/test-support/render-with-providers';
import { staffSession } from '@cuota/web-core/test-support/session-fixtures';
import { BillRunForm } from './bill-run-page';
import { ConceptsView } from './concepts-page';
import { DueOrdersView } from './due-orders-page';
import { DueStudentView } from './due-student-page';
import { colegiaturaOf } from '../test-support/concept-fixtures';

const SCHOOL = '6f1c1f1e-3b9a-4c55-9d1a-0d6b1c2e3f40';
const CONCEPTS = `/api/v1/dashboard/schools/${SCHOOL}/concepts/`;
const colegiatura = colegiaturaOf(SCHOOL, {
  late_fee: { kind: 'FIXED', amount_centavos: 15_000, grace_days: 5 },
});
const CYCLES = `/api/v1/dashboard/schools/${SCHOOL}/cycles/`;
const cycle = (id: string, name: string, status: SchoolCycle['status']): SchoolCycle => ({
  id,
  school_id: SCHOOL,
  name,
  starts_on: '2026-08-24',
  ends_on: '2027-07-09',
  status,
  activated_at: null,
});
const NEXT_CYCLE = cycle('7a0e2b4c-2222-4c55-9d1a-0d6b1c2e3f40', '2027-2028', 'draft');
const THIS_CYCLE = cycle('7a0e2b4c-3333-4c55-9d1a-0d6b1c2e3f40', '2026-2027', 'active');
const render = (element: React.ReactElement) =>
  renderWithProviders(element, { url: '/d', path: '/d', session: staffSession() });

beforeEach(() => forgetCsrfToken());

test('Conceptos: the list reads in pesos and a new monthly fee posts centavos once', async () => {
  let list = [colegiatura];
  const network = stubFetch()
    .on('GET', '/api/auth/csrf', { csrfToken: 't' })
    .on('GET', CONCEPTS, () => Response.json(list))
    .on('GET', CYCLES, [NEXT_CYCLE, THIS_CYCLE])
    .on('POST', '/api/v1/dashboard/concepts/', async (request: Request) => {
      const body = (await request.json()) as Concept;
      const saved = { ...colegiatura, ...body, id: 'c-2', name: body.name };
      list = [...list, saved];
      return Response.json(saved, { status: 201 });
    });
  render(<ConceptsView schoolId={SCHOOL} canWrite />);
  const row = within(await screen.findByRole('table', { name: 'Conceptos de cobro' })).getAllByRole(
    'row',
  )[1]!;
  const cell = (header: number) => within(within(row).getAllByRole('cell')[header]!);
  expect(cell(0).getByText('Colegiatura · Primaria')).toBeInTheDocument();
  expect(cell(1).getByText('$2,500.00')).toBeInTheDocument();
  expect(cell(2).getByText('Día 10')).toBeInTheDocument();
  expect(cell(2).getByText('sep 2026 a oct 2026')).toBeInTheDocument();
  expect(cell(3).getByText('$150.00')).toBeInTheDocument();
  expect(cell(3).getByText('5 días de gracia')).toBeInTheDocument();

  const user = userEvent.setup();
  await user.click(screen.getByRole('button', { name: 'Nuevo concepto' }));
  const form = screen.getByRole('form', { name: 'Nuevo concepto' });
  await user.type(within(form).getByLabelText('Nombre'), 'Colegiatura secundaria');
  await user.type(within(form).getByLabelText('Precio'), '3,100.50');
  await user.selectOptions(within(form).getByLabelText('Nivel'), 'Secundaria');
  await user.type(within(form).getByLabelText('Primer mes'), '2026-09');
  // A new concept belongs to the active cycle unless another is chosen.
  expect(await within(form).findByRole('option', { name: '2026-2027 (activo)' })).toHaveProperty(
    'selected',
    true,
  );
  await user.selectOptions(within(form).getByLabelText('Visibilidad'), 'Solo personal');
  await user.selectOptions(within(form).getByLabelText('Tipo de recargo'), 'Porcentaje mensual');
  await user.type(within(form).getByLabelText('Porcentaje mensual'), '5');
  await user.click(within(form).getByRole('button', { name: 'Crear concepto' }));

  await screen.findByRole('cell', { name: /^Colegiatura secundaria/ });
  const [sent] = network.sent('POST', '/api/v1/dashboard/concepts/');
  const body = await sent!.json();
  expect(body).toMatchObject({
    name: 'Colegiatura secundaria',
    price_centavos: 310_050,
    recurrence: 'MONTHLY',
    due_day: 10,
    late_fee: { kind: 'PERCENT', basis_points: 500, grace_days: 0, cap_centavos: null },
    cycle_id: THIS_CYCLE.id,
    visibility: 'STAFF',
  });
  expect(body.periods).toHaveLength(10);
  expect(sent!.headers.get('idempotency-key')).toBeTruthy();
});

test('Conceptos: «Crear en lote» posts every line once, and says which line the service refused', async () => {
  let answer: Response = Response.json(
    {
      error: {
        code: 'VALIDATION_FAILED',
        message: 'Revisa los conceptos marcados: no se creó ninguno.',
        details: [
          {
            path: 'concepts.1.name',
            message: 'Concepto 2: el nombre «Libro» se repite en el lote.',
          },
        ],
      },
    },
    { status: 400 },
  );
  const network = stubFetch()
    .on('GET', '/api/auth/csrf', { csrfToken: 't' })
    .on('GET', CONCEPTS, [colegiatura])
    .on('GET', CYCLES, [NEXT_CYCLE, THIS_CYCLE])
    .on('POST', `${CONCEPTS}batch/`, () => answer);
  render(<ConceptsView schoolId={SCHOOL} canWrite />);
  const user = userEvent.setup();
  await user.click(await screen.findByRole('button', { name: 'Crear en lote' }));
  const form = screen.getByRole('form', { name: 'Crear en lote' });
  await user.type(within(form).getByLabelText(/^Conceptos/), 'Uniforme; 850{Enter}Libro; 1,240.50');
  await user.type(within(form).getByLabelText('Fecha de vencimiento'), '2026-11-20');
  await within(form).findByRole('option', { name: '2027-2028 (en preparación)' });
  await user.selectOptions(
    within(form).getByLabelText('Ciclo escolar'),
    '2027-2028 (en preparación)',
  );
  await user.click(within(form).getByRole('button', { name: 'Crear conceptos' }));
  expect(await within(form).findByRole('alert')).toHaveTextContent(
    'Línea 2: el nombre «Libro» se repite en el lote.',
  );
  const [sent] = network.sent('POST', `${CONCEPTS}batch/`);
  expect((await sent!.json()).concepts).toEqual([
    expect.objectContaining({ name: 'Uniforme', price_centavos: 85_000, due_on: '2026-11-20' }),
    expect.objectContaining({ name: 'Libro', price_centavos: 124_050, cycle_id: NEXT_CYCLE.id }),
  ]);
  answer = Response.json([colegiatura], { status: 201 });
  await user.click(within(form).getByRole('button', { name: 'Crear conceptos' }));
  expect(await screen.findByRole('table', { name: 'Conceptos de cobro' })).toBeVisible();
  // The retry carries the same Idempotency-Key: the batch is created once.
  const keys = network
    .sent('POST', `${CONCEPTS}batch/`)
    .map((r) => r.headers.get('idempotency-key'));
  expect(keys).toHaveLength(2);
  expect(keys[0]).toBe(keys[1]);
});

test('Conceptos: an edit changes the cycle and visibility, and turns auto-assign on once', async () => {
  let saved = colegiatura;
  const network = stubFetch()
    .on('GET', '/api/auth/csrf', { csrfToken: 't' })
    .on('GET', CONCEPTS, () => Response.json([saved]))
    .on('GET', CYCLES, [NEXT_CYCLE, THIS_CYCLE])
    .on('PUT', `/api/v1/dashboard/concepts/${colegiatura.id}/`, async (request: Request) => {
      saved = { ...saved, ...((await request.json()) as Partial<Concept>) };
      return Response.json(saved);
    })
    .on('POST', `${CONCEPTS}${colegiatura.id}/auto-assign/`, async (request: Request) => {
      saved = { ...saved, ...((await request.json()) as Partial<Concept>) };
      return Response.json({ concept: saved, orders_created: 3 });
    });
  render(<ConceptsView schoolId={SCHOOL} canWrite />);
  const user = userEvent.setup();
  await user.click(await screen.findByRole('button', { name: 'Editar Colegiatura' }));
  const form = screen.getByRole('form', { name: 'Editar Colegiatura' });
  // A concept made before cycles shows none until one is chosen.
  expect(within(form).getByLabelText('Ciclo escolar')).toHaveValue('');
  await within(form).findByRole('option', { name: '2026-2027 (activo)' });
  await user.selectOptions(within(form).getByLabelText('Ciclo escolar'), '2026-2027 (activo)');
  await user.selectOptions(within(form).getByLabelText('Visibilidad'), 'Oculto');
  await user.click(within(form).getByRole('checkbox', { name: /Asignar automáticamente/ }));
  await user.click(within(form).getByRole('button', { name: 'Guardar cambios' }));

  expect(await screen.findByRole('table', { name: 'Conceptos de cobro' })).toBeVisible();
  const [edit] = network.sent('PUT', `/api/v1/dashboard/concepts/${colegiatura.id}/`);
  expect(await edit!.json()).toMatchObject({ cycle_id: THIS_CYCLE.id, visibility: 'HIDDEN' });
  const assigns = network.sent('POST', `${CONCEPTS}${colegiatura.id}/auto-assign/`);
  expect(assigns).toHaveLength(1);
  expect(await assigns[0]!.json()).toEqual({ auto_assign: true });
});

test('Conceptos: a concept families do not see, or assigned automatically, says so', async () => {
  const transporte: Concept = {
    ...colegiatura,
    id: 'c-transporte',
    name: 'Transporte',
    concept_type: 'TRANSPORT',
    visibility: 'STAFF',
    auto_assign: true,
  };
  stubFetch().on('GET', CONCEPTS, [colegiatura, transporte]);
  render(<ConceptsView schoolId={SCHOOL} canWrite />);
  expect(
    await screen.findByText('Transporte · Primaria · Solo personal · asignación automática'),
  ).toBeInTheDocument();
  expect(screen.getByText('Colegiatura · Primaria')).toBeInTheDocument();
});

test('Conceptos: without concepts.write the actions are disabled with the reason', async () => {
  stubFetch().on('GET', CONCEPTS, [colegiatura]);
  render(<ConceptsView schoolId={SCHOOL} canWrite={false} />);
  const edit = await screen.findByRole('button', { name: 'Editar Colegiatura' });
  expect(edit).toBeDisabled();
  expect(edit).toHaveAttribute('title', 'Tu rol no puede crear ni editar conceptos.');
  expect(screen.getByRole('button', { name: 'Nuevo concepto' })).toBeDisabled();
  expect(screen.getByRole('button', { name: 'Crear en lote' })).toBeDisabled();
});

test('Conceptos: each row reads Editar and Eliminar, named with the concept for screen readers', async () => {
  const billed = { ...colegiatura, id: 'c-billed', name: 'Colegiatura Preescolar', orders: 160 };
  stubFetch().on('GET', CONCEPTS, [colegiatura, billed]);
  render(<ConceptsView schoolId={SCHOOL} canWrite />);
  const edit = await screen.findByRole('button', { name: 'Editar Colegiatura Preescolar' });
  expect(edit).toHaveTextContent(/^Editar$/);
  const remove = screen.getByRole('button', { name: 'Eliminar Colegiatura Preescolar' });
  expect(remove).toHaveTextContent(/^Eliminar$/);
  // A concept with orders keeps them: it cannot be deleted, and says why.
  expect(remove).toBeDisabled();
  expect(remove).toHaveAttribute('title', 'Ya tiene órdenes: no se puede eliminar.');
  expect(screen.getByRole('button', { name: 'Eliminar Colegiatura' })).toBeEnabled();
});

test('Conceptos: deleting a concept without orders asks first, then the list drops it', async () => {
  let list = [colegiatura];
  const network = stubFetch()
    .on('GET', '/api/auth/csrf', { csrfToken: 't' })
    .on('GET', CONCEPTS, () => Response.json(list))
    .on('DELETE', `/api/v1/dashboard/concepts/${colegiatura.id}/`, () => {
      list = [];
      return new Response(null, { status: 204 });
    });
  render(<ConceptsView schoolId={SCHOOL} canWrite />);
  const user = userEvent.setup();
  await user.click(await screen.findByRole('button', { name: 'Eliminar Colegiatura' }));
  const confirm = screen.getByRole('group', { name: 'Confirmar eliminar Colegiatura' });
  expect(network.sent('DELETE', `/api/v1/dashboard/concepts/${colegiatura.id}/`)).toHaveLength(0);
  await user.click(within(confirm).getByRole('button', { name: 'Sí, eliminar' }));
  expect(await screen.findByText('Aún no hay conceptos')).toBeVisible();
  expect(network.sent('DELETE', `/api/v1/dashboard/concepts/${colegiatura.id}/`)).toHaveLength(1);
  expect(screen.queryByRole('group', { name: /Confirmar eliminar/ })).toBeNull();
});

const PREVIEW = `/api/v1/dashboard/schools/${SCHOOL}/bill_run_preview/`;
const preview: BillRunPreview = {
  concept_id: colegiatura.id,
  period: '2026-10',
  students: 118,
  total_centavos: 118 * 250_000,
  existing_orders: 2,
  levels: [
    { level: 'elementary', students: 100, total_centavos: 100 * 250_000 },
    { level: 'middle', students: 18, total_centavos: 18 * 250_000 },
  ],
  standing_run: null,
};

test('Generar órdenes: a month already run shows its run and cannot be confirmed', async () => {
  const network = stubFetch()
    .on('GET', CONCEPTS, [colegiatura])
    .on('GET', PREVIEW, {
      ...preview,
      students: 0,
      total_centavos: 0,
      existing_orders: 120,
      levels: [],
      standing_run: { id: 'run-0', status: 'FINISHED', created_at: '2026-10-01T15:00:00.000Z' },
    });
  render(<BillRunForm schoolId={SCHOOL} canRun />);
  const user = userEvent.setup();
  await user.selectOptions(await screen.findByLabelText('Concepto'), 'Colegiatura');
  await user.selectOptions(screen.getByLabelText('Mes'), '2026-10');
  await user.click(screen.getByRole('button', { name: 'Generar órdenes' }));
  const card = await screen.findByRole('region', { name: 'Vista previa de la generación' });
  expect(card).toHaveTextContent('Ya hay una generación de octubre 2026');
  expect(card).toHaveTextContent('deshazla para generar de nuevo');
  expect(within(card).getByRole('button', { name: 'Confirmar' })).toBeDisabled();
  expect(network.sent('POST', '/book-keeper/massive_concept_assignments/')).toHaveLength(0);
});

test('Generar órdenes: a big run shows its progress bar, then eligible, created and existing', async () => {
  const run: BillRun = {
    id: 'run-1',
    school_id: SCHOOL,
    concept_id: colegiatura.id,
    period: '2026-09',
    status: 'PENDING',
    eligible_students: 0,
    created_orders: 0,
    existing_orders: 0,
    total_centavos: 0,
    removed_orders: 0,
    kept_orders: 0,
    error: null,
    created_at: '2026-09-01T12:00:00.000Z',
    finished_at: null,
    progress: {
      status: 'PENDING',
      total: 120,
      done: 0,
      failed: 0,
      errors: [],
      cancel_requested: false,
    },
  };
  const reads: BillRun[] = [
    { ...run, created_orders: 60, progress: { ...run.progress!, status: 'STARTED', done: 60 } },
    {
      ...run,
      status: 'FINISHED',
      eligible_students: 120,
      created_orders: 118,
      existing_orders: 2,
      total_centavos: 118 * 250_000,
      progress: { ...run.progress!, status: 'SUCCESS', done: 120 },
    },
  ];
  const network = stubFetch()
    .on('GET', '/api/auth/csrf', { csrfToken: 't' })
    .on('GET', CONCEPTS, [colegiatura])
    .on('GET', PREVIEW, preview)
    .on('POST', '/book-keeper/massive_concept_assignments/', () =>
      Response.json(run, { status: 202 }),
    )
    .on('GET', '/book-keeper/massive_concept_assignments/run-1/', () =>
      Response.json(reads.length > 1 ? reads.shift() : reads[0]),
    );
  render(<BillRunForm schoolId={SCHOOL} canRun />);
  const user = userEvent.setup();
  await user.selectOptions(await screen.findByLabelText('Concepto'), 'Colegiatura');
  await user.selectOptions(screen.getByLabelText('Mes'), '2026-10');
  await user.click(screen.getByRole('button', { name: 'Generar órdenes' }));
  // The preview first: nothing is sent until «Confirmar».
  const card = await screen.findByRole('region', { name: 'Vista previa de la generación' });
  expect(card).toHaveTextContent(
    '«Colegiatura» de octubre 2026: 118 alumnos por $295,000.00 (antes de becas)',
  );
  expect(within(card).getByRole('list', { name: 'Por nivel' })).toHaveTextContent(
    'Primaria: 100 alumnos, $250,000.00',
  );
  expect(card).toHaveTextContent('2 alumnos ya tienen esta orden');
  expect(network.sent('POST', '/book-keeper/massive_concept_assignments/')).toHaveLength(0);
  const [asked] = network.sent('GET', PREVIEW);
  expect(new URL(asked!.url).searchParams.get('period')).toBe('2026-10');
  await user.click(within(card).getByRole('button', { name: 'Confirmar' }));

  const result = await screen.findByRole('region', { name: 'Resultado de la generación' });
  expect(within(result).getByRole('progressbar')).toHaveAttribute('value', '60');
  expect(result).toHaveTextContent('60 de 120 alumnos');
  expect(within(result).getByRole('button', { name: 'Cancelar proceso' })).toBeVisible();
  expect(await within(result).findByText('Terminada', {}, { timeout: 4000 })).toBeVisible();
  expect(within(result).getByRole('progressbar')).toHaveAttribute('value', '120');
  expect(within(result).queryByRole('button', { name: 'Cancelar proceso' })).toBeNull();
  expect(result).toHaveTextContent('Órdenes creadas118');
  expect(result).toHaveTextContent('Ya existían2');
  const [sent] = network.sent('POST', '/book-keeper/massive_concept_assignments/');
  expect(await sent!.json()).toEqual({
    school_id: SCHOOL,
    concept_id: colegiatura.id,
    period: '2026-10',
  });
});

test('Adeudos: the table, a filter sent to the server, and the Excel export posted', async () => {
  const DUE = `/api/v4/dashboard/schools/${SCHOOL}/due_orders/students/`;
  const network = stubFetch()
    .on('GET', '/api/auth/csrf', { csrfToken: 't' })
    .on('GET', DUE, {
      count: 1,
      page: 1,
      page_size: 25,
      results: [
        {
          student_id: 's-1',
          first_name: 'Sofía',
          last_name: 'López',
          enrolment_code: 'PRI-0042',
          level: 'elementary',
          section_id: null,
          open_orders: 2,
          pending_centavos: 507_500,
          late_fee_centavos: 7_500,
          overdue_centavos: 257_500,
          oldest_due_on: '2026-09-10',
          due_status: 'OUTSTANDING',
        },
      ],
    })
    .on('GET', `${DUE}filters/`, {
      levels: [{ level: 'elementary', label: 'Primaria', students: 1 }],
      sections: [],
      due_statuses: [{ status: 'OUTSTANDING', label: 'Con adeudo vencido', students: 1 }],
      totals: { pending_centavos: 500_000, overdue_centavos: 250_000 },
    })
    .on('POST', `${DUE}xls/`, () => new Response(new Blob(['xlsx']), { status: 200 }));
  URL.createObjectURL = jest.fn(() => 'blob:adeudos');
  URL.revokeObjectURL = jest.fn();
  render(<DueOrdersView schoolId={SCHOOL} />);
  const table = await screen.findByRole('table', { name: 'Alumnos con adeudos (1)' });
  expect(within(table).getAllByRole('row')[1]).toHaveTextContent(
    /López, Sofía.*Matrícula PRI-0042.*Primaria.*\$5,075\.00.*\$75\.00.*\$2,575\.00.*Vencido/,
  );

  const user = userEvent.setup();
  await user.selectOptions(screen.getByLabelText('Situación'), 'Con adeudo vencido (1)');
  await user.click(screen.getByRole('button', { name: 'Exportar a Excel' }));
  await screen.findByRole('table');
  const sent = network.sent('POST', `${DUE}xls/`);
  expect(sent).toHaveLength(1);
  expect(new URL(sent[0]!.url).searchParams.get('due_status')).toBe('OUTSTANDING');
  expect(sent[0]!.headers.get('x-csrf-token')).toBe('t');
});

test('a student’s Adeudos header names the matrícula and level', async () => {
  stubFetch().on('GET', `/api/v4/dashboard/schools/${SCHOOL}/due_orders/students/s-1/`, {
    student_id: 's-1',
    first_name: 'Sofía',
    last_name: 'López',
    enrolment_code: 'PRI-0042',
    level: 'elementary',
    section_id: null,
    open_orders: 0,
    pending_centavos: 0,
    late_fee_centavos: 0,
    overdue_centavos: 0,
    oldest_due_on: null,
    due_status: 'PAID',
    orders: [],
  });
  render(<DueStudentView schoolId={SCHOOL} studentId="s-1" />);
  await screen.findByRole('heading', { name: 'Sofía López' });
  expect(screen.getByText(/Matrícula PRI-0042 · Primaria/)).toBeInTheDocument();
});

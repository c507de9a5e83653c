/** @jest-environment @cuota/web-core/test-support/jsdom-environment */
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { StudentDetail } from '@cuota/contracts/enrolment/student-detail';
import { forgetCsrfToken } from '@cuota/web-core/api/csrf';
import { apiErrorResponse, jsonResponse, stubFetch } from '@cuota/web-core/test-support/fetch-stub';
import { renderWithProviders } from '@cuota/web-core/test-support/render-with-providers';
import { staffSession } from '@cuota/web-core/test-support/session-fixtures';
import { StudentDetailView } from './student-detail-page';

const guardian = (id: string, first: string, billing: boolean) => ({
  id,
  first_name: first,
  last_name: 'Torres',
  email: `${first.toLowerCase()}@correo.mx`,
  phone: null,
  relationship: null,
  billing_name: billing ? 'ANA TORRES' : null,
  tax_id: billing ? 'TOAA800101AB0' : null,
  is_billing_guardian: billing,
});
const student = (extra: Partial<StudentDetail> = {}): StudentDetail => ({
  id: 'st-1',
  school_id: 'school-1',
  first_name: 'Lucía',
  last_name: 'Torres',
  gender: 'F',
  birth_date: '2016-05-04',
  nationality: 'MX',
  curp: null,
  enrolment_code: 'A-17',
  level: 'elementary',
  section: { id: 'sec-1', name: '3° B' },
  status: 'active',
  status_reason: null,
  billing_guardian_id: 'g-1',
  photo_url: null,
  guardians: [guardian('g-1', 'Ana', true), guardian('g-2', 'Luis', false)],
  ...extra,
});
const PATH = '/api/v1/students/st-1/';

function renderDetail(can: string[] = ['students.write', 'students.status', 'guardians.read']) {
  return renderWithProviders(<StudentDetailView id="st-1" can={(p) => can.includes(p)} />, {
    url: '/dashboard/students/st-1',
    path: '/dashboard/students/:id',
    session: staffSession(),
  });
}
const actions = () =>
  within(screen.getByRole('region', { name: 'Estatus' }))
    .queryAllByRole('button')
    .map((b) => b.textContent);

beforeEach(() => forgetCsrfToken());

test('an active student offers only inactivate, graduate and drop out', async () => {
  stubFetch().on('GET', PATH, student());
  renderDetail();
  expect(await screen.findByText('Nacionalidad')).toBeVisible();
  expect(screen.getByText('México')).toBeVisible();
  expect(actions()).toEqual(['Inactivar', 'Marcar como egresado', 'Dar de baja definitiva']);
});

test('a graduate offers no move; without students.status nothing is offered', async () => {
  stubFetch().on('GET', PATH, student({ status: 'graduated' }));
  renderDetail();
  expect(await screen.findByText('Este estatus es definitivo: no admite cambios.')).toBeVisible();
  expect(actions()).toEqual([]);
});

test('inactivating asks for the reason and sends the spec DELETE with it', async () => {
  let current = student();
  const network = stubFetch()
    .on('GET', '/api/auth/csrf', { csrfToken: 't' })
    .on('GET', PATH, () => Response.json(current))
    .on('DELETE', '/api/v1/dashboard/students/st-1/inactivate/', () => {
      current = student({ status: 'inactive', status_reason: 'Viaje' });
      return Response.json(current);
    });
  renderDetail();
  const user = userEvent.setup();
  await user.click(await screen.findByRole('button', { name: 'Inactivar' }));
  await user.click(screen.getByRole('button', { name: 'Confirmar: Inactivar' }));
  expect(screen.getByText('Escribe el motivo.')).toBeVisible();
  expect(network.sent('DELETE', '/api/v1/dashboard/students/st-1/inactivate/')).toHaveLength(0);

  await user.type(screen.getByLabelText(/Motivo/), 'Viaje');
  await user.click(screen.getByRole('button', { name: 'Confirmar: Inactivar' }));
  expect(await screen.findByRole('button', { name: 'Activar' })).toBeVisible();
  const [sent] = network.sent('DELETE', '/api/v1/dashboard/students/st-1/inactivate/');
  expect(await sent!.json()).toEqual({ reason: 'Viaje' });
});

test('the billing guardian is marked and another guardian can be chosen', async () => {
  const network = stubFetch()
    .on('GET', '/api/auth/csrf', { csrfToken: 't' })
    .on('GET', PATH, student())
    .on('PATCH', '/api/v1/guardians/assign_billing/', [
      { student_id: 'st-1', billing_guardian_id: 'g-2' },
    ]);
  renderDetail();
  const user = userEvent.setup();
  expect(await screen.findByText('Tutor de facturación')).toBeVisible();
  await user.click(screen.getByRole('button', { name: 'Facturar a Luis' }));
  const [sent] = network.sent('PATCH', '/api/v1/guardians/assign_billing/');
  expect(await sent!.json()).toEqual({ student_id: 'st-1', guardian_id: 'g-2' });
});

test("a role that cannot open the guardians list sees no guardian's e-mail or RFC", async () => {
  stubFetch().on('GET', PATH, student());
  renderDetail(['students.write']);
  const table = await screen.findByRole('table', { name: 'Tutores del alumno' });
  expect(within(table).getByText('Ana Torres')).toBeVisible();
  expect(within(table).queryByText('ana@correo.mx')).toBeNull();
  expect(within(table).queryByText('TOAA800101AB0')).toBeNull();
  expect(screen.getByText('Tu rol no puede ver el correo ni el RFC de los tutores.')).toBeVisible();
});

const LEVELS = '/api/v1/dashboard/schools/school-1/levels/';
const HISTORY = '/api/v1/dashboard/students/st-1/status_history/';
const section = (id: string, name: string, level: 'elementary' | 'middle') => ({
  id,
  school_id: 'school-1',
  level_id: `lvl-${level}`,
  level,
  name,
  grade: 3,
  capacity: null,
  students: 1,
});
const levels = [
  {
    id: 'lvl-elementary',
    level: 'elementary',
    name: 'Primaria',
    position: 0,
    active: true,
    label: 'Primaria',
    grades: [1, 2, 3, 4, 5, 6],
    sections: [section('sec-1', '3° B', 'elementary'), section('sec-2', '3° C', 'elementary')],
  },
  {
    id: 'lvl-middle',
    level: 'middle',
    name: 'Secundaria',
    position: 1,
    active: true,
    label: 'Secundaria',
    grades: [1, 2, 3],
    sections: [section('sec-9', '1° A', 'middle')],
  },
];
const form = () => screen.getByRole('form', { name: 'Editar datos del alumno' });

describe('Editar datos', () => {
  // The alert middleware logs a refused mutation (the 409 and 400 below).
  beforeEach(() => jest.spyOn(console, 'error').mockImplementation(() => {}));
  afterEach(() => jest.restoreAllMocks());

  test('checks the data before sending: Spanish messages, no PATCH', async () => {
    const network = stubFetch().on('GET', PATH, student()).on('GET', LEVELS, levels);
    renderDetail();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Editar datos' }));
    await user.clear(screen.getByLabelText('Nombre'));
    await user.type(screen.getByLabelText('CURP'), 'ABC');
    await user.click(screen.getByRole('button', { name: 'Guardar cambios' }));
    expect(await within(form()).findByText('Escribe el nombre.')).toBeVisible();
    expect(within(form()).getByText('La CURP debe tener 18 caracteres válidos.')).toBeVisible();
    expect(network.sent('PATCH', PATH)).toHaveLength(0);
  });

  test('sends only what changed, then shows the new data', async () => {
    let current = student();
    const network = stubFetch()
      .on('GET', '/api/auth/csrf', { csrfToken: 't' })
      .on('GET', PATH, () => Response.json(current))
      .on('GET', LEVELS, levels)
      .on('PATCH', PATH, () => {
        current = student({
          first_name: 'Lucía Fernanda',
          level: 'middle',
          section: { id: 'sec-9', name: '1° A' },
          nationality: 'AR',
        });
        return Response.json(current);
      });
    renderDetail();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Editar datos' }));
    const name = screen.getByLabelText('Nombre');
    await user.clear(name);
    await user.type(name, '  Lucía Fernanda ');
    await user.selectOptions(screen.getByLabelText('Nacionalidad'), 'Argentina');
    const level = screen.getByLabelText('Nivel');
    await within(level).findByRole('option', { name: 'Secundaria' }); // the school's levels loaded
    await user.selectOptions(level, 'Secundaria');
    // The groups follow the level chosen.
    const group = screen.getByLabelText('Grupo');
    expect(
      within(group)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Sin grupo', '1° A']);
    await user.selectOptions(group, '1° A');
    await user.click(screen.getByRole('button', { name: 'Guardar cambios' }));

    expect(await screen.findByRole('heading', { name: 'Lucía Fernanda Torres' })).toBeVisible();
    expect(screen.queryByRole('form', { name: 'Editar datos del alumno' })).toBeNull();
    expect(screen.getByText('Argentina')).toBeVisible();
    expect(screen.getByText('Secundaria')).toBeVisible();
    const [sent] = network.sent('PATCH', PATH);
    expect(await sent!.json()).toEqual({
      first_name: 'Lucía Fernanda',
      nationality: 'AR',
      level: 'middle',
      section_id: 'sec-9',
    });
  });

  test("a 409 shows the service's message on the field; the form stays open", async () => {
    stubFetch()
      .on('GET', '/api/auth/csrf', { csrfToken: 't' })
      .on('GET', PATH, student())
      .on('GET', LEVELS, levels)
      .on('PATCH', PATH, () =>
        apiErrorResponse(409, 'CONFLICT', 'Ya hay un alumno con esta matrícula en la escuela.'),
      );
    renderDetail();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Editar datos' }));
    const code = screen.getByLabelText('Matrícula');
    await user.clear(code);
    await user.type(code, 'A-18');
    await user.click(screen.getByRole('button', { name: 'Guardar cambios' }));
    expect(
      await within(form()).findByText('Ya hay un alumno con esta matrícula en la escuela.'),
    ).toBeVisible();
    expect(screen.getByLabelText('Matrícula')).toHaveValue('A-18');
  });

  test('a 400 from the service lands on its field', async () => {
    stubFetch()
      .on('GET', '/api/auth/csrf', { csrfToken: 't' })
      .on('GET', PATH, student())
      .on('GET', LEVELS, levels)
      .on('PATCH', PATH, () =>
        jsonResponse(
          {
            error: {
              code: 'VALIDATION_FAILED',
              message: 'Revisa los datos del alumno.',
              details: [{ path: 'section_id', message: 'El grupo no pertenece a este nivel.' }],
            },
          },
          { status: 400 },
        ),
      );
    renderDetail();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Editar datos' }));
    const group = screen.getByLabelText('Grupo');
    await within(group).findByRole('option', { name: '3° C' }); // the school's groups loaded
    await user.selectOptions(group, '3° C');
    await user.click(screen.getByRole('button', { name: 'Guardar cambios' }));
    expect(await within(form()).findByText('El grupo no pertenece a este nivel.')).toBeVisible();
    expect(within(form()).getByText('Revisa los datos del alumno.')).toBeVisible();
  });

  test('without students.write the form is not offered', async () => {
    stubFetch().on('GET', PATH, student()).on('GET', HISTORY, []);
    renderDetail(['students.status']);
    expect(await screen.findByText('Nacionalidad')).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Editar datos' })).toBeNull();
    expect(screen.queryByRole('form', { name: 'Editar datos del alumno' })).toBeNull();
  });
});

test('Historial de estatus: newest first, Spanish labels, es-MX date, who and why', async () => {
  stubFetch()
    .on('GET', PATH, student({ status: 'inactive', status_reason: 'Viaje' }))
    .on('GET', HISTORY, [
      {
        id: 'h-2',
        from_status: 'active',
        to_status: 'inactive',
        reason: 'Viaje',
        changed_at: '2026-03-10T18:30:00.000Z',
        changed_by: 'u-1',
        changed_by_name: 'Mariana López',
      },
      {
        id: 'h-1',
        from_status: null,
        to_status: 'active',
        reason: null,
        changed_at: '2025-08-20T15:00:00.000Z',
        changed_by: null,
        changed_by_name: null,
      },
    ]);
  renderDetail([]);
  const card = await screen.findByRole('region', { name: 'Historial de estatus' });
  const rows = await within(card).findAllByRole('row');
  const cells = rows.slice(1).map((row) =>
    within(row)
      .getAllByRole('cell')
      .map((c) => c.textContent),
  );
  // Mexico City's time (UTC−6), whatever the browser's zone: 18:30 UTC is 12:30 p.m. there.
  expect(cells).toEqual([
    ['10 mar 2026, 12:30 p.m.', 'Activo → Inactivo', 'Mariana López', 'Viaje'],
    ['20 ago 2025, 9:00 a.m.', 'Alta como activo', 'La familia o el sistema', '—'],
  ]);
});

test('with billing.read the page shows each concept with its orders and status', async () => {
  stubFetch()
    .on('GET', PATH, student())
    .on('GET', '/api/v2/dashboard/students/st-1/concepts/', [
      {
        concept_id: 'c-1',
        concept_name: 'Colegiatura',
        concept_type: 'MONTHLY_FEE',
        pending_amount: 150_000,
        orders: [
          {
            id: 'o-1',
            school_id: 'school-1',
            student: { id: 'st-1', name: 'Sofía López' },
            concept_id: 'c-1',
            concept_name: 'Colegiatura',
            concept_type: 'MONTHLY_FEE',
            period: '2026-09',
            due_on: '2026-09-10',
            amount_centavos: 250_000,
            scholarship_centavos: 0,
            discount_centavos: 0,
            surcharge_centavos: 0,
            total_centavos: 250_000,
            late_fee_centavos: 0,
            interest_forgiven: false,
            canceled_at: null,
            early_payment_discount_centavos: 0,
            paid_centavos: 100_000,
            pending_amount: 150_000,
            final_amount: 250_000,
            status: 'PARTIAL_PAID',
            is_billable: true,
            fulfillments_dependent: [],
            as_of: '2026-09-01',
          },
        ],
      },
    ]);
  renderDetail(['billing.read']);
  const billing = await screen.findByRole('region', { name: 'Cobranza' });
  const table = await within(billing).findByRole('table', { name: 'Colegiatura (Colegiatura)' });
  expect(within(table).getAllByRole('row')[1]).toHaveTextContent(
    /septiembre 2026.*\$2,500\.00.*\$1,500\.00.*Pago parcial/,
  );
});

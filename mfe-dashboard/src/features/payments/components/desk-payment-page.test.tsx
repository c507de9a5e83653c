/** @jest-environment @cuota/web-core/test-support/jsdom-environment */
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { forgetCsrfToken } from '@cuota/web-core/api/csrf';
import { stubFetch } from '@cuota/web-core/test-support/fetch-stub';
import { renderWithProviders } from '@cuota/web-core/test-support/render-with-providers';
import { staffSession } from '@cuota/web-core/test-support/session-fixtures';
import { payinFixture } from '../../../test-support/payin-fixture';
import { DeskPaymentForm } from './desk-payment-page';

const DESK = '/api/v1/dashboard/schools/school-1/payins/';
const STUDENTS = '/api/v1/students/';
const student = {
  id: 'student-1',
  first_name: 'Lucía',
  last_name: 'Pérez',
  curp: null,
  enrolment_code: 'A-17',
  gender: null,
  level: 'elementary',
  section: null,
  status: 'active',
  billing_guardian_id: null,
};

function renderDesk(canCollect = true) {
  return renderWithProviders(<DeskPaymentForm schoolId="school-1" canCollect={canCollect} />, {
    url: '/dashboard/desk',
    path: '/dashboard/desk',
    session: staffSession({ memberships: [{ school_id: 'school-1', role: 'CASH_COLLECTION' }] }),
  });
}

beforeEach(() => forgetCsrfToken());

test('the desk finds the student, records the cash once and shows the allocation and receipt', async () => {
  const network = stubFetch()
    .on('GET', '/api/auth/csrf', { csrfToken: 't' })
    .on('GET', STUDENTS, {
      count: 1,
      count_is_capped: false,
      page: 1,
      page_size: 8,
      results: [student],
    })
    .on('POST', DESK, () => Response.json(payinFixture(), { status: 201 }));
  renderDesk();
  const user = userEvent.setup();
  await user.type(screen.getByLabelText('Alumno'), 'Pérez');
  await user.click(screen.getByRole('button', { name: 'Buscar' }));
  await user.click(await screen.findByRole('button', { name: 'Pérez, Lucía · A-17' }));
  await user.type(screen.getByLabelText('Monto recibido'), '1,500');
  await user.click(screen.getByRole('button', { name: 'Registrar pago' }));

  expect(await screen.findByRole('heading', { name: 'Pago registrado' })).toHaveFocus();
  expect(
    within(screen.getByRole('table', { name: 'Aplicado a' })).getAllByRole('row'),
  ).toHaveLength(2);
  expect(screen.getByRole('link', { name: 'Descargar recibo (PDF)' })).toBeVisible();
  const [sent] = network.sent('POST', DESK);
  expect(await sent!.json()).toEqual({
    student_id: 'student-1',
    amount_centavos: 150_000,
    method: 'cash',
  });
  expect(sent!.headers.get('idempotency-key')).toMatch(/^[A-Za-z0-9_.:-]{8,128}$/);
  const search = new URL(network.sent('GET', STUDENTS)[0]!.url).searchParams;
  expect(search.get('school_id')).toBe('school-1');
  expect(search.get('search')).toBe('Pérez');
});

test('a retry after a refused answer reuses the same idempotency key', async () => {
  let answers = 0;
  const network = stubFetch()
    .on('GET', '/api/auth/csrf', { csrfToken: 't' })
    .on('GET', STUDENTS, {
      count: 1,
      count_is_capped: false,
      page: 1,
      page_size: 8,
      results: [student],
    })
    .on('POST', DESK, () =>
      ++answers === 1
        ? Response.json(
            { error: { code: 'UNAVAILABLE', message: 'Intenta de nuevo.' } },
            { status: 503 },
          )
        : Response.json(payinFixture(), { status: 201 }),
    );
  renderDesk();
  const user = userEvent.setup();
  await user.type(screen.getByLabelText('Alumno'), 'Pérez');
  await user.click(screen.getByRole('button', { name: 'Buscar' }));
  await user.click(await screen.findByRole('button', { name: /Pérez, Lucía/ }));
  await user.type(screen.getByLabelText('Monto recibido'), '1500');
  await user.click(screen.getByRole('radio', { name: 'Transferencia' }));
  await user.click(screen.getByRole('button', { name: 'Registrar pago' }));
  expect(await screen.findByText('Intenta de nuevo.')).toBeVisible();
  await user.click(screen.getByRole('button', { name: 'Registrar pago' }));
  await screen.findByRole('heading', { name: 'Pago registrado' });

  const keys = network.sent('POST', DESK).map((r) => r.headers.get('idempotency-key'));
  expect(keys).toHaveLength(2);
  expect(keys[0]).toBe(keys[1]);
});

test('without a student or an amount it says so in Spanish and sends nothing', async () => {
  const network = stubFetch();
  renderDesk();
  await userEvent.setup().click(screen.getByRole('button', { name: 'Registrar pago' }));
  expect(await screen.findByText('Elige un alumno.')).toBeVisible();
  expect(network.sent('POST', DESK)).toHaveLength(0);
});

test('a role without payments.collect sees the form disabled', () => {
  stubFetch();
  renderDesk(false);
  expect(screen.getByRole('button', { name: 'Registrar pago' })).toBeDisabled();
});

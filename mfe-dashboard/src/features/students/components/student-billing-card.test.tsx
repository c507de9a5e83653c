/** @jest-environment @cuota/web-core/test-support/jsdom-environment */
import { fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { forgetCsrfToken } from '@cuota/web-core/api/csrf';
import { stubFetch } from '@cuota/web-core/test-support/fetch-stub';
import { renderWithProviders } from '@cuota/web-core/test-support/render-with-providers';
import { staffSession } from '@cuota/web-core/test-support/session-fixtures';
import { StudentBillingCard } from './student-billing-card';

// The API takes real ids: a student's and a concept's are UUIDs.
const STUDENT = '5c0a8e2f-1b3d-4e6f-8a9b-0c1d2e3f4a5b';
const TUITION = '9d8c7b6a-5f4e-4d3c-8b2a-1f0e9d8c7b6a';
const GRANT = '/api/v1/dashboard/schools/school-1/scholarships/';
const granted = {
  id: 'sch-1',
  school_id: 'school-1',
  student_id: STUDENT,
  student_name: 'Sofía López',
  concept_id: TUITION,
  concept_name: 'Colegiatura',
  kind: 'PERCENT',
  basis_points: 5_000,
  amount_centavos: null,
  starts_on: '2026-09-01',
  reason: 'Beca de excelencia',
  created_by: 'user-1',
  created_at: '2026-10-01T18:00:00Z',
  orders_adjusted: 1,
  orders_with_payments: 1,
  note: '1 orden con pagos no cambió: primero reembolsa el pago o emite una nota de crédito.',
};

beforeEach(() => forgetCsrfToken());

test('«Otorgar beca»: percent or amount, concept, from a date; errors beside the field, then sent', async () => {
  const network = stubFetch()
    .on('GET', '/api/auth/csrf', { csrfToken: 't' })
    .on('GET', `/api/v2/dashboard/students/${STUDENT}/concepts/`, [
      {
        concept_id: TUITION,
        concept_name: 'Colegiatura',
        concept_type: 'MONTHLY_FEE',
        pending_amount: 0,
        orders: [],
      },
    ])
    .on('POST', GRANT, granted);
  renderWithProviders(
    <StudentBillingCard studentId={STUDENT} can={{ correct: false, scholarships: true }} />,
    { url: '/dashboard/students/x', path: '/dashboard/students/:id', session: staffSession() },
  );
  const user = userEvent.setup();
  await user.click(await screen.findByRole('button', { name: 'Otorgar beca' }));
  const form = screen.getByRole('form', { name: 'Otorgar beca' });
  await user.type(within(form).getByLabelText(/Porcentaje/), '150');
  await user.click(within(form).getByRole('button', { name: 'Otorgar beca' }));
  expect(within(form).getByText('Una beca es como máximo del 100 %.')).toBeVisible();
  expect(within(form).getByText('Escribe el motivo (al menos 3 letras).')).toBeVisible();
  expect(network.sent('POST', GRANT)).toHaveLength(0);

  await user.clear(within(form).getByLabelText(/Porcentaje/));
  await user.type(within(form).getByLabelText(/Porcentaje/), '50');
  await user.selectOptions(within(form).getByLabelText('Concepto'), TUITION);
  fireEvent.change(within(form).getByLabelText(/Desde/), { target: { value: '2026-09-01' } });
  await user.type(within(form).getByLabelText(/Motivo/), 'Beca de excelencia');
  await user.click(within(form).getByRole('button', { name: 'Otorgar beca' }));
  expect(await screen.findByText(granted.note)).toBeVisible();
  const [sent] = network.sent('POST', GRANT);
  expect(await sent!.json()).toEqual({
    student_id: STUDENT,
    concept_id: TUITION,
    kind: 'PERCENT',
    basis_points: 5_000,
    starts_on: '2026-09-01',
    reason: 'Beca de excelencia',
  });
});

test('without scholarships.write there is no «Otorgar beca»', async () => {
  stubFetch().on('GET', `/api/v2/dashboard/students/${STUDENT}/concepts/`, []);
  renderWithProviders(
    <StudentBillingCard studentId={STUDENT} can={{ correct: true, scholarships: false }} />,
    { url: '/dashboard/students/x', path: '/dashboard/students/:id', session: staffSession() },
  );
  expect(await screen.findByText('El alumno aún no tiene órdenes.')).toBeVisible();
  expect(screen.queryByRole('button', { name: 'Otorgar beca' })).toBeNull();
});

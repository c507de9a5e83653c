/** @jest-environment @cuota/web-core/test-support/jsdom-environment */
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { StaffOrderDetail } from '@cuota/contracts/billing/corrections';
import { forgetCsrfToken } from '@cuota/web-core/api/csrf';
import { apiErrorResponse, stubFetch } from '@cuota/web-core/test-support/fetch-stub';
import { renderWithProviders } from '@cuota/web-core/test-support/render-with-providers';
import { staffSession } from '@cuota/web-core/test-support/session-fixtures';
import { OrderDetailCard } from './order-detail-card';

const ORDER = '/book-keeper/orders/o-1/';
const EDIT_BASE = '/api/v1/dashboard/schools/school-1/fulfillments/o-1/edit_base/';
const order = (extra: Partial<StaffOrderDetail> = {}): StaffOrderDetail => ({
  id: 'o-1',
  school_id: 'school-1',
  student: { id: 'st-1', name: 'Lucía Torres' },
  concept_id: 'c-1',
  concept_name: 'Colegiatura',
  concept_type: 'MONTHLY_FEE',
  period: '2026-09',
  due_on: '2026-09-10',
  amount_centavos: 485_000,
  scholarship_centavos: 0,
  discount_centavos: 0,
  surcharge_centavos: 0,
  total_centavos: 485_000,
  late_fee_centavos: 15_000,
  interest_forgiven: false,
  canceled_at: null,
  early_payment_discount_centavos: 0,
  paid_centavos: 0,
  pending_amount: 500_000,
  final_amount: 500_000,
  status: 'NOT_PAID',
  is_billable: true,
  fulfillments_dependent: [],
  as_of: '2026-10-01',
  allocations: [],
  adjustments: [
    {
      id: 'adj-1',
      kind: 'due_edited',
      changes: [
        { field: 'due_on', before: '2026-09-05', after: '2026-09-10' },
        { field: 'total_centavos', before: 485_000, after: 485_000 },
      ],
      reason: 'Se entregó tarde el estado de cuenta',
      adjusted_by: 'staff-1',
      adjusted_by_name: 'Tere Tesorera',
      adjusted_at: '2026-09-02T17:00:00Z',
    },
  ],
  ...extra,
});
const render = (correct: boolean, scholarships = false) =>
  renderWithProviders(
    <OrderDetailCard orderId="o-1" can={{ correct, scholarships }} onClose={() => {}} />,
    { url: '/dashboard/students/st-1', path: '/dashboard/students/:id', session: staffSession() },
  );

beforeEach(() => forgetCsrfToken());

test('the order shows its amounts and its corrections: who, what, from what to what, why', async () => {
  stubFetch().on('GET', ORDER, order());
  render(false);
  const card = await screen.findByRole('region', { name: 'Orden' });
  expect(await within(card).findByText('Colegiatura · septiembre 2026')).toBeVisible();
  const trail = within(card).getByRole('list', { name: 'Historial de correcciones' });
  expect(trail).toHaveTextContent(/Vencimiento.*Tere Tesorera/);
  expect(trail).toHaveTextContent('Vence: 5 sep 2026 → 10 sep 2026');
  expect(trail).toHaveTextContent('Motivo: Se entregó tarde el estado de cuenta');
  expect(trail).not.toHaveTextContent('Total');
  expect(within(card).queryByRole('group', { name: 'Correcciones' })).toBeNull();
  const statement = '/api/v1/dashboard/schools/school-1/fulfillments/o-1';
  expect(within(card).getByRole('link', { name: 'PDF' })).toHaveAttribute(
    'href',
    `${statement}/pdf/`,
  );
  expect(within(card).getByRole('link', { name: 'XML' })).toHaveAttribute(
    'href',
    `${statement}/xml/`,
  );
});

test('editing the base: errors beside the field in pesos, then the new amount is sent', async () => {
  const network = stubFetch()
    .on('GET', '/api/auth/csrf', { csrfToken: 't' })
    .on('GET', ORDER, order())
    .on('PATCH', EDIT_BASE, order({ amount_centavos: 450_000 }));
  render(true);
  const user = userEvent.setup();
  await user.click(await screen.findByRole('button', { name: 'Editar monto base' }));
  const form = screen.getByRole('form', { name: 'Editar monto base' });
  const amount = within(form).getByLabelText(/Nuevo monto base/);
  await user.clear(amount);
  await user.type(amount, '0');
  await user.click(within(form).getByRole('button', { name: 'Editar monto base' }));
  expect(within(form).getByText('Escribe una cantidad mayor que $0.00.')).toBeVisible();
  expect(within(form).getByText('Escribe el motivo (al menos 3 letras).')).toBeVisible();
  expect(network.sent('PATCH', EDIT_BASE)).toHaveLength(0);

  await user.clear(amount);
  await user.type(amount, '4,500.00');
  await user.type(within(form).getByLabelText(/Motivo/), 'Precio de hermanos');
  await user.click(within(form).getByRole('button', { name: 'Editar monto base' }));
  const [sent] = network.sent('PATCH', EDIT_BASE);
  expect(await sent!.json()).toEqual({ amount_centavos: 450_000, reason: 'Precio de hermanos' });
});

test("an order with payments offers no re-pricing nor cancel, and says why; the server's 409 shows", async () => {
  stubFetch()
    .on('GET', '/api/auth/csrf', { csrfToken: 't' })
    .on('GET', ORDER, order({ paid_centavos: 100_000, status: 'PARTIAL_PAID' }))
    .on(
      'POST',
      '/api/v1/dashboard/schools/school-1/fulfillments/o-1/switch_interest_forgiven/',
      () => apiErrorResponse(409, 'CONFLICT', 'Ya se pagó parte de los recargos de esta orden.'),
    );
  render(true);
  const user = userEvent.setup();
  const group = await screen.findByRole('group', { name: 'Correcciones' });
  expect(
    within(group)
      .getAllByRole('button')
      .map((b) => b.textContent),
  ).toEqual(['Cambiar vencimiento', 'Condonar recargos']);
  expect(screen.getByText(/Esta orden ya tiene pagos/)).toBeVisible();
  await user.click(within(group).getByRole('button', { name: 'Condonar recargos' }));
  await user.type(screen.getByLabelText(/Motivo/), 'Acuerdo con la familia');
  await user.click(screen.getByRole('button', { name: 'Condonar recargos' }));
  expect(await screen.findByRole('alert')).toHaveTextContent(
    'Ya se pagó parte de los recargos de esta orden.',
  );
});

test('with scholarships.write alone: the scholarship, discount and over-charge actions', async () => {
  const AVOID = '/api/v1/dashboard/schools/school-1/fulfillments/o-1/avoid_scholarship/';
  const network = stubFetch()
    .on('GET', '/api/auth/csrf', { csrfToken: 't' })
    .on('GET', ORDER, order({ scholarship_centavos: 242_500, total_centavos: 242_500 }))
    .on('POST', AVOID, order());
  render(false, true);
  const user = userEvent.setup();
  const group = await screen.findByRole('group', { name: 'Correcciones' });
  expect(
    within(group)
      .getAllByRole('button')
      .map((b) => b.textContent),
  ).toEqual(['Quitar beca', 'Descuento especial', 'Recargo especial']);
  await user.click(within(group).getByRole('button', { name: 'Quitar beca' }));
  await user.type(screen.getByLabelText(/Motivo/), 'Acuerdo del comité');
  await user.click(screen.getByRole('button', { name: 'Quitar beca' }));
  const [sent] = network.sent('POST', AVOID);
  expect(await sent!.json()).toEqual({ reason: 'Acuerdo del comité' });
});

test('a special discount: kind, value in pesos or percent, errors beside the field, then sent', async () => {
  const DISCOUNT = '/api/v1/dashboard/schools/school-1/special_discounts/';
  const id = '0b8f2c1e-5d4a-4c3b-9a2e-7f6d5c4b3a21'; // the API takes an order's own id
  const network = stubFetch()
    .on('GET', '/api/auth/csrf', { csrfToken: 't' })
    .on('GET', ORDER, order({ id }))
    .on('POST', DISCOUNT, {
      id: 'sd-1',
      school_id: 'school-1',
      order_id: id,
      student_id: 'st-1',
      kind: 'AMOUNT',
      basis_points: null,
      amount_centavos: 50_000,
      applied_centavos: 50_000,
      reason: 'Convenio de pago',
      created_by: 'staff-1',
      created_by_name: 'Tere Tesorera',
      created_at: '2026-10-01T18:00:00Z',
    });
  render(false, true);
  const user = userEvent.setup();
  await user.click(await screen.findByRole('button', { name: 'Descuento especial' }));
  const form = screen.getByRole('form', { name: 'Descuento especial' });
  await user.type(within(form).getByLabelText(/Porcentaje/), '120');
  await user.click(within(form).getByRole('button', { name: 'Descuento especial' }));
  expect(within(form).getByText('El porcentaje es como máximo del 100 %.')).toBeVisible();
  expect(within(form).getByText('Escribe el motivo (al menos 3 letras).')).toBeVisible();
  expect(network.sent('POST', DISCOUNT)).toHaveLength(0);

  await user.selectOptions(within(form).getByLabelText('Tipo'), 'AMOUNT');
  await user.type(within(form).getByLabelText(/^Monto/), '500');
  await user.type(within(form).getByLabelText(/Motivo/), 'Convenio de pago');
  await user.click(within(form).getByRole('button', { name: 'Descuento especial' }));
  const [sent] = network.sent('POST', DISCOUNT);
  expect(await sent!.json()).toEqual({
    order_id: id,
    kind: 'AMOUNT',
    amount_centavos: 50_000,
    reason: 'Convenio de pago',
  });
});

/** @jest-environment @cuota/web-core/test-support/jsdom-environment */
import { screen } from '@testing-library/react';
import type { Order } from '@cuota/contracts/billing/orders';
import { renderWithProviders } from '@cuota/web-core/test-support/render-with-providers';
import { staffSession } from '@cuota/web-core/test-support/session-fixtures';
import { OrdersTable } from './orders-table';

const order: Order = {
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
};

test('each order downloads its statement as PDF or XML, named by concept and month', () => {
  renderWithProviders(<OrdersTable caption="Órdenes abiertas" orders={[order]} />, {
    url: '/dashboard/due/st-1',
    path: '/dashboard/due/:id',
    session: staffSession(),
  });
  const base = '/api/v1/dashboard/schools/school-1/fulfillments/o-1';
  expect(screen.getByRole('link', { name: 'PDF de Colegiatura septiembre 2026' })).toHaveAttribute(
    'href',
    `${base}/pdf/`,
  );
  expect(screen.getByRole('link', { name: 'XML de Colegiatura septiembre 2026' })).toHaveAttribute(
    'href',
    `${base}/xml/`,
  );
});

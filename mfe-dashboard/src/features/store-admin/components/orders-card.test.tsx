/** @jest-environment @cuota/web-core/test-support/jsdom-environment */
import { screen, within } from '@testing-library/react';
import type { OptionalOrder } from '@cuota/contracts/billing/store';
import { stubFetch } from '@cuota/web-core/test-support/fetch-stub';
import { renderWithProviders } from '@cuota/web-core/test-support/render-with-providers';
import { staffSession } from '@cuota/web-core/test-support/session-fixtures';
import { OrdersCard } from './orders-card';

const order = (changes: Partial<OptionalOrder>): OptionalOrder => ({
  id: 'order-1',
  school_id: 'school-1',
  guardian_id: null,
  student_id: null,
  buyer_email: 'laura@example.mx',
  lead_id: null,
  status: 'paid',
  total_centavos: 70_000,
  hold_until: null,
  lines: [
    {
      variant_id: 'v-1',
      item_name: 'Playera polo',
      variant_label: 'Talla 8',
      tax: 'IVA_16',
      unit_price_centavos: 35_000,
      quantity: 2,
    },
  ],
  created_at: '2026-09-05T16:00:00.000Z',
  delivered_at: null,
  ...changes,
});

test('each order says who bought: a guest’s lead links to its record', async () => {
  stubFetch().on('GET', '/api/v1/dashboard/schools/school-1/optional-orders/', [
    order({ id: 'o-lead', lead_id: 'lead-1' }),
    order({ id: 'o-family', guardian_id: 'g-1', student_id: 's-1', buyer_email: null }),
  ]);
  renderWithProviders(<OrdersCard schoolId="school-1" />, {
    url: '/dashboard/store',
    path: '/dashboard/store',
    session: staffSession({ memberships: [{ school_id: 'school-1', role: 'OWNER' }] }),
  });
  const table = await screen.findByRole('table', { name: 'Pedidos pagados por entregar' });
  expect(within(table).getByText(/laura@example\.mx/)).toBeVisible();
  expect(within(table).getByRole('link', { name: 'Ver prospecto' })).toHaveAttribute(
    'href',
    expect.stringContaining('/dashboard/students/lead-1'),
  );
  expect(within(table).getByText('Familia de la escuela')).toBeVisible();
});

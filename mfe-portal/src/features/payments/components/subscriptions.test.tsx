/** @jest-environment @cuota/web-core/test-support/jsdom-environment */
import { screen } from '@testing-library/react';
import type { Order } from '@cuota/contracts/billing/orders';
import { stubFetch } from '@cuota/web-core/test-support/fetch-stub';
import { renderWithProviders } from '@cuota/web-core/test-support/render-with-providers';
import { guardianSession } from '@cuota/web-core/test-support/session-fixtures';
import { Subscriptions } from './subscriptions';

const ORDERS = '/api/v1/schools/school-1/orders/';
const month = (period: string, status: Order['status']): Order => ({
  id: `o-${period}`,
  school_id: 'school-1',
  student: { id: 'student-1', name: 'Sofía López' },
  concept_id: 'c-1',
  concept_name: 'Colegiatura',
  concept_type: 'MONTHLY_FEE',
  period,
  due_on: `${period}-10`,
  amount_centavos: 250_000,
  scholarship_centavos: 0,
  discount_centavos: 0,
  surcharge_centavos: 0,
  total_centavos: 250_000,
  late_fee_centavos: 0,
  interest_forgiven: false,
  canceled_at: null,
  early_payment_discount_centavos: 0,
  paid_centavos: status === 'PAID' ? 250_000 : 0,
  pending_amount: status === 'PAID' ? 0 : 250_000,
  final_amount: 250_000,
  status,
  is_billable: true,
  fulfillments_dependent: [],
  as_of: '2026-10-01',
});
const render = () =>
  renderWithProviders(<Subscriptions schoolId="school-1" />, {
    url: '/s',
    path: '/s',
    session: guardianSession(),
  });

test('each monthly concept per student shows its amount and the next month due', async () => {
  const inscription = {
    ...month('2026-08', 'NOT_PAID'),
    id: 'o-i',
    period: null,
    concept_id: 'c-2',
  };
  stubFetch().on('GET', ORDERS, [
    month('2026-10', 'NOT_PAID'),
    month('2026-09', 'PAID'),
    inscription,
  ]);
  render();
  const card = await screen.findByRole('region', { name: 'Colegiatura de Sofía López' });
  expect(card).toHaveTextContent('$2,500.00 al mes · 2 meses generados');
  expect(card).toHaveTextContent('Próximo pago: octubre 2026, vence el 10 oct 2026');
  // One-time charges are not subscriptions.
  expect(screen.getAllByRole('region')).toHaveLength(1);
});

test('no monthly charges yet: the empty state', async () => {
  stubFetch().on('GET', ORDERS, []);
  render();
  expect(await screen.findByRole('heading', { name: 'Aún no tienes suscripciones' })).toBeVisible();
});

import type { Order } from '@cuota/contracts/billing/orders';

/** An order the family owes, as billing lists it (tests of the payments pages). */
export const owedOrder = (
  id: string,
  student: [id: string, name: string],
  changes: Partial<Order> = {},
): Order => ({
  id,
  school_id: 'school-1',
  student: { id: student[0], name: student[1] },
  concept_id: 'concept-1',
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
  paid_centavos: 0,
  pending_amount: 250_000,
  final_amount: 250_000,
  status: 'NOT_PAID',
  is_billable: true,
  fulfillments_dependent: [],
  as_of: '2026-09-01',
  ...changes,
});

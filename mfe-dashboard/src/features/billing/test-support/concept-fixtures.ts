import type { Concept } from '@cuota/contracts/billing/concepts';

/**
 * The billing tests' tuition: «Colegiatura» of primaria, $2,500.00 a month for September and
 * October, due on the 10th, no late fee; `changes` override any field.
 */
export const colegiaturaOf = (schoolId: string, changes: Partial<Concept> = {}): Concept => ({
  id: '0b5e7c1a-1111-4c55-9d1a-0d6b1c2e3f40',
  school_id: schoolId,
  name: 'Colegiatura',
  concept_type: 'MONTHLY_FEE',
  recurrence: 'MONTHLY',
  price_centavos: 250_000,
  level: 'elementary',
  periods: ['2026-09', '2026-10'],
  due_day: 10,
  due_on: null,
  late_fee: null,
  early_payment: null,
  active: true,
  cycle_id: null,
  visibility: 'PUBLIC',
  auto_assign: false,
  orders: 0,
  created_at: '2026-08-01T00:00:00.000Z',
  ...changes,
});

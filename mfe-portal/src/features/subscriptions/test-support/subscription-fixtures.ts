import type { SubscriptionView } from '@cuota/contracts/billing/subscriptions';
import type { CardSubscription } from '@cuota/contracts/payments/card-subscriptions';

/** Sofía's cafeteria, active, as billing lists it to the family. */
export const comedor: SubscriptionView = {
  id: 'sub-1',
  school_id: 'school-1',
  student: { id: 'student-1', name: 'Sofía López' },
  concept_id: 'c-1',
  concept_name: 'Comedor',
  concept_type: 'CAFETERIA',
  price_centavos: 120_000,
  from_period: '2026-11',
  status: 'ACTIVE',
  next_payment: { period: '2026-11', due_on: '2026-11-10' },
  orders: [],
  created_at: '2026-11-01T18:00:00.000Z',
  canceled_at: null,
};

/** The card paying it, before its first charge (ADR 0070). */
export const kept: CardSubscription = {
  subscription_id: 'sub-1',
  school_id: 'school-1',
  student_id: 'student-1',
  concept_id: 'c-1',
  status: 'ACTIVE',
  card: { brand: 'Mastercard', last_four: '5480' },
  created_at: '2026-11-02T18:00:00.000Z',
  canceled_at: null,
  charges: [],
};

import type { Payin } from '@cuota/contracts/payments/payins';

/** A payin as payments answers it, for the screens that show one. */
export function payinFixture(changes: Partial<Payin> = {}): Payin {
  return {
    id: 'payin-1',
    school_id: 'school-1',
    type: 'CASH_IN',
    method: 'cash',
    status: 'success',
    amount_centavos: 150_000,
    guardian_id: null,
    student_ids: ['student-1'],
    student_names: ['Ana Pérez'],
    allocations: [
      {
        order_id: 'order-1',
        student_id: 'student-1',
        concept_id: 'concept-1',
        concept_name: 'Colegiatura',
        concept_type: 'MONTHLY_FEE',
        period: '2026-09',
        base_centavos: 120_000,
        late_fee_centavos: 0,
        discount_centavos: 0,
      },
    ],
    credit_created_centavos: 30_000,
    card: null,
    receipt_number: 'R-000123',
    recorded_by: 'user-1',
    recorded_by_name: 'Marta Caja',
    error: null,
    created_at: '2026-09-05T16:00:00.000Z',
    paid_at: '2026-09-05T16:00:00.000Z',
    ...changes,
  };
}

/** A family's SPEI transfer through the gateway, paid (ADR 0089): refunded to credit or a bank. */
export const speiPayinFixture = () =>
  payinFixture({
    type: 'TRANSFER_IN',
    method: 'transfer',
    recorded_by: null,
    recorded_by_name: null,
    payment_reference: { reference: '1234567', clabe: null, expires_at: '2026-09-08T16:00:00Z' },
  });

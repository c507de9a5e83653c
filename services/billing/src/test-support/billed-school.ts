import { SCHOOL, staff, studentId, type BillingHarness } from './billing-harness';

/** 8 October 2026: September's Colegiatura is late (past 5 days' grace), October's not due. */
export const EIGHTH_OF_OCTOBER = () => new Date('2026-10-08T18:00:00Z');

/** Colegiatura: $4,850.00 for September and October, due the 10th, $150.00 late fee. */
export const tuitionOf = (school_id: string) => ({
  school_id,
  name: 'Colegiatura',
  concept_type: 'MONTHLY_FEE',
  recurrence: 'MONTHLY',
  price_centavos: 485_000,
  level: 'elementary',
  periods: ['2026-09', '2026-10'],
  due_day: 10,
  late_fee: { kind: 'FIXED', amount_centavos: 15_000, grace_days: 5 },
});

/**
 * The school billing's reports are read against: students 1–3 (already enrolled) billed
 * September and October's Colegiatura through the real endpoints; student 2 paid September on
 * time and student 3's October was cancelled. Returns the concept's id.
 */
export async function billTwoMonths(h: BillingHarness): Promise<string> {
  const tuition = (
    await h.call(staff(), '/api/v1/dashboard/concepts/', { json: tuitionOf(SCHOOL) })
  ).body.id as string;
  for (const period of ['2026-09', '2026-10'])
    await h.call(staff(), '/book-keeper/massive_concept_assignments/', {
      json: { school_id: SCHOOL, concept_id: tuition, period },
    });
  await h.query(
    `UPDATE orders SET paid_base_centavos = total_centavos, paid_on = '2026-09-05'
      WHERE student_id = $1 AND period = '2026-09'`,
    [studentId(2)],
  );
  await h.query(
    `UPDATE orders SET canceled_at = now() WHERE student_id = $1 AND period = '2026-10'`,
    [studentId(3)],
  );
  return tuition;
}

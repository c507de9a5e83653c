import type { IdentityClaims } from '@cuota/contracts/identity/identity-claims';
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

interface TuitionBill {
  schoolId?: string;
  /** Who creates and assigns it: the school's accountant unless said. */
  as?: IdentityClaims;
  /** Fields of the concept other than `tuitionOf`'s (a cycle, say). */
  concept?: object;
}

/**
 * `tuitionOf` created at the school and billed to its students for September and October
 * through the real endpoints. Returns the concept's id.
 */
export async function billTuition(
  h: BillingHarness,
  { schoolId = SCHOOL, as = staff('ACCOUNTANT', schoolId), concept = {} }: TuitionBill = {},
): Promise<string> {
  const tuition = (
    await h.call(as, '/api/v1/dashboard/concepts/', {
      json: { ...tuitionOf(schoolId), ...concept },
    })
  ).body.id as string;
  for (const period of ['2026-09', '2026-10'])
    await h.call(as, '/book-keeper/massive_concept_assignments/', {
      json: { school_id: schoolId, concept_id: tuition, period },
    });
  return tuition;
}

/**
 * The school billing's reports are read against: students 1–3 (already enrolled) billed
 * September and October's Colegiatura through the real endpoints; student 2 paid September on
 * time and student 3's October was cancelled. Returns the concept's id.
 */
export async function billTwoMonths(h: BillingHarness): Promise<string> {
  const tuition = await billTuition(h);
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

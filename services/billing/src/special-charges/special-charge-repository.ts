import { and, desc, eq } from 'drizzle-orm';
import type { SpecialCharge } from '@cuota/contracts/billing/special-charges';
import type { Executor } from '@cuota/messaging/transaction';
import { specialCharges } from '../schema';

/** The only code that reads or writes `special_charges` (orders change through corrections). */
type Row = typeof specialCharges.$inferSelect;
export type Direction = Row['direction'];

const toSpecialCharge = (r: Row): SpecialCharge => ({
  id: r.id,
  school_id: r.schoolId,
  order_id: r.orderId,
  student_id: r.studentId,
  kind: r.kind,
  basis_points: r.basisPoints,
  amount_centavos: r.amountCentavos,
  applied_centavos: r.appliedCentavos,
  reason: r.reason,
  created_by: r.createdBy,
  created_by_name: r.createdByName,
  created_at: r.createdAt.toISOString(),
});

export async function insertSpecialCharge(
  tx: Executor,
  values: typeof specialCharges.$inferInsert,
): Promise<SpecialCharge> {
  const [row] = await tx.insert(specialCharges).values(values).returning();
  return toSpecialCharge(row!);
}

export async function specialChargesOfSchool(db: Executor, schoolId: string, direction: Direction) {
  const rows = await db
    .select()
    .from(specialCharges)
    .where(and(eq(specialCharges.schoolId, schoolId), eq(specialCharges.direction, direction)))
    .orderBy(desc(specialCharges.createdAt), desc(specialCharges.id));
  return rows.map(toSpecialCharge);
}

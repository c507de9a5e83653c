import type { Executor } from '@cuota/messaging/transaction';
import { correctOrder } from '../orders/order-adjustment-repository';
import { scholarshipOn } from '../orders/order-adjustment-rules';
import { scholarshipsOfRun } from './scholarship-repository';

/**
 * A bill run's new orders get their students' scholarships (the newest that reaches each, as
 * a grant does), each an audited correction with its billing.order.adjusted: payments first
 * holds the base billed, then the scholarship's difference. Returns how many changed.
 */
export async function applyScholarshipsToRun(tx: Executor, runId: string): Promise<number> {
  let changed = 0;
  for (const { order, scholarship: s } of await scholarshipsOfRun(tx, runId)) {
    const scholarshipCentavos = scholarshipOn(order, s);
    const c = { kind: 'scholarship' as const, reason: s.reason, by: s.createdBy };
    if (await correctOrder(tx, order, { scholarshipCentavos }, c)) changed += 1;
  }
  return changed;
}

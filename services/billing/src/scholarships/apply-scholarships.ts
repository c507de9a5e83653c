import type { Executor } from '@cuota/messaging/transaction';
import { correctScholarships } from '../orders/order-adjustment-repository';
import { scholarshipOn } from '../orders/order-adjustment-rules';
import { scholarshipsOfRun } from './scholarship-repository';

type Reached = Awaited<ReturnType<typeof scholarshipsOfRun>>[number];

/**
 * A bill run's new orders get their students' scholarships (the newest that reaches each, as
 * a grant does), each an audited correction sent in billing.orders.adjusted: payments first
 * holds the base billed, then the scholarship's difference. Set-based per reason and author
 * (a massive scholarship's students share one): a few statements, not five per order.
 * Returns how many changed.
 */
export async function applyScholarshipsToRun(tx: Executor, runId: string): Promise<number> {
  const byTrail = new Map<string, Reached[]>();
  for (const reached of await scholarshipsOfRun(tx, runId)) {
    const key = JSON.stringify([reached.scholarship.reason, reached.scholarship.createdBy]);
    const group = byTrail.get(key) ?? [];
    group.push(reached);
    byTrail.set(key, group);
  }
  let changed = 0;
  for (const group of byTrail.values()) {
    const { reason, createdBy } = group[0]!.scholarship;
    changed += await correctScholarships(
      tx,
      group[0]!.order.schoolId,
      group.map(({ order, scholarship }) => ({
        order,
        scholarshipCentavos: scholarshipOn(order, scholarship),
      })),
      { kind: 'scholarship', reason, by: createdBy },
    );
  }
  return changed;
}

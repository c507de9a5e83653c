import type { DueOrdersQuery } from '@cuota/contracts/billing/orders';
import type { Executor } from '@cuota/messaging/transaction';
import { dueOrderStudents } from './due-order-repository';
import { withOwed } from './owed-as-of';

/**
 * A page of Adeudos with its count: the page's students, then only their orders quoted as of
 * `date` (late fees included). `byOffset`: the bench's baseline read.
 */
export async function dueOrdersPage(
  db: Executor,
  schoolId: string,
  date: string,
  query: DueOrdersQuery,
  { byOffset = false } = {},
) {
  const { count, results } = await dueOrderStudents(db, schoolId, date, query, { byOffset });
  return {
    count,
    results: await withOwed(db, schoolId, results, date),
    page: query.page,
    page_size: query.page_size,
  };
}

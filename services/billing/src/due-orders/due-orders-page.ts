import type { DueOrderStudent, DueOrdersQuery } from '@cuota/contracts/billing/orders';
import type { Executor } from '@cuota/messaging/transaction';
import { dueAnswers } from './due-answer-repository';
import { dueAnswerJson } from './owed-as-of';

/**
 * A page of Adeudos with its count as JSON text, sent as it is: the page's students quoted as
 * of `date` (late fees included). `byOffset`: the bench's baseline read.
 */
export async function dueOrdersPageJson(
  db: Executor,
  schoolId: string,
  date: string,
  query: DueOrdersQuery,
  { byOffset = false } = {},
): Promise<string> {
  const { count, rows } = await dueAnswers(db, schoolId, date, query, { byOffset });
  const results = rows.map((r) => dueAnswerJson(r, date)).join(',');
  return `{"count":${count},"page":${query.page},"page_size":${query.page_size},"results":[${results}]}`;
}

/** Every student the query finds (no page), as objects: the Excel's rows. */
export async function dueOrderStudentsOf(
  db: Executor,
  schoolId: string,
  date: string,
  query: DueOrdersQuery,
): Promise<DueOrderStudent[]> {
  const { rows } = await dueAnswers(db, schoolId, date, query, { all: true });
  return rows.map((r) => JSON.parse(dueAnswerJson(r, date)) as DueOrderStudent);
}

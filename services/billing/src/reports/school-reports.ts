import { dueOrdersQuerySchema } from '@cuota/contracts/billing/orders';
import { REPORT_KINDS, REPORT_TITLES, type ReportKind } from '@cuota/contracts/billing/reports';
import type { Executor } from '@cuota/messaging/transaction';
import { zipArchive } from '@cuota/documents/zip-archive';
import { delinquencyReport } from '../delinquency/delinquency-report';
import { delinquencyWorkbook } from '../delinquency/delinquency-workbook';
import { dueOrderStudentsOf } from '../due-orders/due-orders-page';
import { dueOrdersWorkbook } from '../due-orders/due-orders-workbook';
import { schoolOrders } from '../orders/order-repository';
import { toOrder } from '../orders/order-view';
import { schoolOrdersWorkbook } from '../orders/school-orders-workbook';

/** The whole school, unfiltered: what the reports' downloads hold. */
const EVERY_DUE_STUDENT = dueOrdersQuerySchema.parse({});

/**
 * Each report of the dashboard as the workbook its own screen exports, as of `asOf`: the same
 * builders and the same quotes, so a report downloaded here matches Cargos, Adeudos and
 * Morosidad to the centavo (late fees included).
 */
const WORKBOOKS: Record<
  ReportKind,
  (db: Executor, schoolId: string, asOf: string) => Promise<Buffer>
> = {
  fulfillments: async (db, schoolId, asOf) => {
    const { rows } = await schoolOrders(db, schoolId, {});
    return schoolOrdersWorkbook(rows.map((r) => toOrder(r, asOf)));
  },
  due_orders: async (db, schoolId, asOf) =>
    dueOrdersWorkbook(await dueOrderStudentsOf(db, schoolId, asOf, EVERY_DUE_STUDENT)),
  delinquency: async (db, schoolId, asOf) =>
    delinquencyWorkbook(await delinquencyReport(db, schoolId, asOf)),
};

export const reportFilename = (kind: ReportKind, asOf: string) =>
  `${REPORT_TITLES[kind].toLowerCase()}-${asOf}.xlsx`;

export function reportWorkbook(db: Executor, schoolId: string, kind: ReportKind, asOf: string) {
  return WORKBOOKS[kind](db, schoolId, asOf);
}

/** Every report in one ZIP, one workbook each, built one after the other (2 cores shared). */
export async function reportsZip(db: Executor, schoolId: string, asOf: string): Promise<Buffer> {
  const entries = [];
  for (const kind of REPORT_KINDS)
    entries.push({
      name: reportFilename(kind, asOf),
      data: await reportWorkbook(db, schoolId, kind, asOf),
    });
  return zipArchive(entries);
}

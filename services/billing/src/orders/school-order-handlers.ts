import {
  exportSchoolFulfillments,
  exportSchoolFulfillmentsV2,
  listSchoolDueOrders,
  listSchoolFulfillments,
  schoolFulfillmentPdf,
  schoolFulfillmentXml,
} from '@cuota/contracts/billing/endpoints/school-orders';
import { internalOrders } from '@cuota/contracts/billing/endpoints/internal-reads';
import { listDashboardOrders } from '@cuota/contracts/billing/endpoints/reports';
import type { SchoolOrderFilter } from '@cuota/contracts/billing/school-orders';
import { implement } from '@cuota/service-runtime/http/endpoint-handlers';
import { notFound } from '@cuota/service-runtime/http/http-error';
import { Reply } from '@cuota/service-runtime/http/reply';
import type { BillingContext } from '../billing-db';
import { orderStatementPdf, orderStatementXml } from '../reports/order-statement';
import { XLSX } from '../reports/workbook';
import { orderById, schoolOrders, UNKNOWN_ORDER } from './order-repository';
import { toOrder } from './order-view';
import { schoolOrdersWorkbook, schoolOrdersWorkbookV2 } from './school-orders-workbook';
import { staffOrderDetail } from './staff-order-detail';

/** The school's orders for its staff: all of them, the open ones, the Excel and each statement. */
export function schoolOrderHandlers({ db, today }: BillingContext) {
  const page = async (schoolId: string, filter: SchoolOrderFilter, p: PageAsked) => {
    const date = today();
    const { count, rows } = await schoolOrders(db, schoolId, filter, p);
    return {
      count,
      page: p.page,
      page_size: p.page_size,
      results: rows.map((r) => toOrder(r, date)),
    };
  };
  /** The same page for rows naming the school in `school_id` (dashboard and internal). */
  const pageByQuery = ({
    query: { school_id, page: n, page_size, ...filter },
  }: {
    query: SchoolOrderFilter & PageAsked & { school_id: string };
  }) => page(school_id, filter, { page: n, page_size });
  /** One order of the school, as its staff sees it; another school's order does not exist. */
  const statement = async (params: { id: string; fulfillment: string }) => {
    const row = await orderById(db, params.fulfillment);
    if (!row || row.order.schoolId !== params.id) throw notFound(UNKNOWN_ORDER);
    return staffOrderDetail(db, row, today());
  };
  return [
    implement(listSchoolFulfillments, ({ params, query: { page: n, page_size, ...filter } }) =>
      page(params.id, filter, { page: n, page_size }),
    ),
    implement(listSchoolDueOrders, ({ params, query: { page: n, page_size, ...filter } }) =>
      page(params.id, { ...filter, status: 'open' }, { page: n, page_size }),
    ),
    implement(listDashboardOrders, pageByQuery),
    implement(internalOrders, pageByQuery),
    implement(exportSchoolFulfillments, async ({ params, query }) => {
      const date = today();
      const { rows } = await schoolOrders(db, params.id, query);
      return Reply.file({
        data: await schoolOrdersWorkbook(rows.map((r) => toOrder(r, date))),
        contentType: XLSX,
        filename: `cargos-${date}.xlsx`,
      });
    }),
    implement(exportSchoolFulfillmentsV2, async ({ params, query }) => {
      const date = today();
      const { rows } = await schoolOrders(db, params.id, query);
      const leveled = rows.map((r) => ({
        order: toOrder(r, date),
        level: r.level,
        enrolmentCode: r.enrolmentCode,
      }));
      return Reply.file({
        data: await schoolOrdersWorkbookV2(leveled),
        contentType: XLSX,
        filename: `cargos-v2-${date}.xlsx`,
      });
    }),
    implement(schoolFulfillmentPdf, async ({ params }) =>
      Reply.file({
        data: await orderStatementPdf(await statement(params)),
        contentType: 'application/pdf',
        filename: `cargo-${params.fulfillment}.pdf`,
      }),
    ),
    implement(schoolFulfillmentXml, async ({ params }) =>
      Reply.file({
        data: orderStatementXml(await statement(params)),
        contentType: 'application/xml',
        filename: `cargo-${params.fulfillment}.xml`,
      }),
    ),
  ];
}

interface PageAsked {
  page: number;
  page_size: number;
}

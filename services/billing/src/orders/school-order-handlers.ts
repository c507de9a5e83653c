import {
  exportSchoolFulfillments,
  listSchoolDueOrders,
  listSchoolFulfillments,
} from '@cuota/contracts/billing/endpoints/school-orders';
import type { SchoolOrderFilter } from '@cuota/contracts/billing/school-orders';
import { implement } from '@cuota/service-runtime/http/endpoint-handlers';
import { Reply } from '@cuota/service-runtime/http/reply';
import type { BillingContext } from '../billing-db';
import { XLSX } from '../reports/workbook';
import { schoolOrders } from './order-repository';
import { toOrder } from './order-view';
import { schoolOrdersWorkbook } from './school-orders-workbook';

/** The school's orders for its staff: all of them, the open ones, and the Excel. */
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
  return [
    implement(listSchoolFulfillments, ({ params, query: { page: n, page_size, ...filter } }) =>
      page(params.id, filter, { page: n, page_size }),
    ),
    implement(listSchoolDueOrders, ({ params, query: { page: n, page_size, ...filter } }) =>
      page(params.id, { ...filter, status: 'open' }, { page: n, page_size }),
    ),
    implement(exportSchoolFulfillments, async ({ params, query }) => {
      const date = today();
      const { rows } = await schoolOrders(db, params.id, query);
      return Reply.file({
        data: await schoolOrdersWorkbook(rows.map((r) => toOrder(r, date))),
        contentType: XLSX,
        filename: `cargos-${date}.xlsx`,
      });
    }),
  ];
}

interface PageAsked {
  page: number;
  page_size: number;
}

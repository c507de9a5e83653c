import {
  dueOrderFilters as dueOrderFiltersEndpoint,
  exportDueOrders,
  getDueOrderStudent,
  listDueOrderStudents,
} from '@cuota/contracts/billing/endpoints/due-orders';
import { implement } from '@cuota/service-runtime/http/endpoint-handlers';
import { notFound } from '@cuota/service-runtime/http/http-error';
import { Reply } from '@cuota/service-runtime/http/reply';
import type { BillingContext } from '../billing-db';
import { XLSX } from '../reports/workbook';
import { openOrdersOfSchool } from '../orders/order-repository';
import { toOrder } from '../orders/order-view';
import { UNKNOWN_STUDENT } from '../students/student-access';
import { dueOrderFacets } from './due-facet-repository';
import { dueOrderStudent } from './due-order-repository';
import { dueOrderFilters } from './due-order-facets';
import { dueOrdersPageJson, dueOrderStudentsOf } from './due-orders-page';
import { dueOrdersWorkbook } from './due-orders-workbook';
import { owedOf } from './owed-as-of';

export function dueOrderHandlers({ db, today }: BillingContext) {
  return [
    implement(listDueOrderStudents, async ({ params, query }) =>
      Reply.json(await dueOrdersPageJson(db, params.id, today(), query)),
    ),
    implement(getDueOrderStudent, async ({ params }) => {
      const date = today();
      const student = await dueOrderStudent(db, params.id, date, params.student);
      if (!student) throw notFound(UNKNOWN_STUDENT);
      const open = await openOrdersOfSchool(db, params.id, [params.student]);
      const orders = open.map((o) => toOrder(o, date)).filter((o) => o.pending_amount > 0);
      return { ...student, ...owedOf(open, date), orders };
    }),
    implement(dueOrderFiltersEndpoint, async ({ params }) =>
      dueOrderFilters(await dueOrderFacets(db, params.id, today())),
    ),
    implement(exportDueOrders, async ({ params, query }) => {
      const date = today();
      return Reply.file({
        data: await dueOrdersWorkbook(await dueOrderStudentsOf(db, params.id, date, query)),
        contentType: XLSX,
        filename: `adeudos-${date}.xlsx`,
      });
    }),
  ];
}

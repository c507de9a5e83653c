import {
  exportMonthCloseExcel,
  exportMonthClosePdf,
  getMonthClose,
} from '@cuota/contracts/billing/endpoints/month-close-report';
import { implement } from '@cuota/service-runtime/http/endpoint-handlers';
import { Reply } from '@cuota/service-runtime/http/reply';
import { monthClose, type MonthCloseDeps } from './month-close-report';
import {
  monthCloseFilename,
  monthClosePdf,
  monthCloseWorkbook,
} from './month-close-report-documents';
import { XLSX } from './workbook';

/** The month close as figures (the screen) and as the two files an accountant takes. */
export function monthCloseHandlers(deps: MonthCloseDeps) {
  const reportOf = (schoolId: string, month: string | undefined) =>
    monthClose(deps, schoolId, month ?? deps.today().slice(0, 7));
  return [
    implement(getMonthClose, ({ params, query }) => reportOf(params.id, query.month)),
    implement(exportMonthCloseExcel, async ({ params, query }) => {
      const report = await reportOf(params.id, query.month);
      return Reply.file({
        data: await monthCloseWorkbook(report),
        contentType: XLSX,
        filename: monthCloseFilename(report, 'xlsx'),
      });
    }),
    implement(exportMonthClosePdf, async ({ params, query }) => {
      const report = await reportOf(params.id, query.month);
      return Reply.file({
        data: await monthClosePdf(report),
        contentType: 'application/pdf',
        filename: monthCloseFilename(report, 'pdf'),
      });
    }),
  ];
}

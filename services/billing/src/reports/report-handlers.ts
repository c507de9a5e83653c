import {
  exportReportExcel,
  exportReportsZip,
  listTableLinks,
} from '@cuota/contracts/billing/endpoints/reports';
import { REPORT_KINDS, REPORT_TITLES, type TableLink } from '@cuota/contracts/billing/reports';
import { implement } from '@cuota/service-runtime/http/endpoint-handlers';
import { Reply } from '@cuota/service-runtime/http/reply';
import type { BillingContext } from '../billing-db';
import { reportFilename, reportWorkbook, reportsZip } from './school-reports';
import { XLSX } from './workbook';

/**
 * The dashboard's tables and the GET that downloads each (the spec's table links): one link per
 * report of the Excel row and one for the ZIP of them all, so a link works from a browser.
 */
export function tableLinks(schoolId: string): TableLink[] {
  return [
    ...REPORT_KINDS.map((report) => ({
      report,
      title: REPORT_TITLES[report],
      format: 'xlsx' as const,
      url: `${exportReportExcel.path}?school_id=${schoolId}&report=${report}`,
    })),
    {
      report: 'all',
      title: 'Todos los reportes',
      format: 'zip',
      url: `${exportReportsZip.path}?school_id=${schoolId}`,
    },
  ];
}

export function reportHandlers({ db, today }: BillingContext) {
  return [
    implement(exportReportExcel, async ({ query }) => {
      const date = today();
      return Reply.file({
        data: await reportWorkbook(db, query.school_id, query.report, date),
        contentType: XLSX,
        filename: reportFilename(query.report, date),
      });
    }),
    implement(exportReportsZip, async ({ query }) => {
      const date = today();
      return Reply.file({
        data: await reportsZip(db, query.school_id, date),
        contentType: 'application/zip',
        filename: `reportes-${date}.zip`,
      });
    }),
    implement(listTableLinks, ({ query }) => tableLinks(query.school_id)),
  ];
}

import { exportDelinquency, getDelinquency } from '@cuota/contracts/billing/endpoints/delinquency';
import { implement } from '@cuota/service-runtime/http/endpoint-handlers';
import { Reply } from '@cuota/service-runtime/http/reply';
import type { BillingContext } from '../billing-db';
import { XLSX } from '../reports/workbook';
import { delinquencyReport } from './delinquency-report';
import { delinquencyWorkbook } from './delinquency-workbook';

export function delinquencyHandlers({ db, today }: BillingContext) {
  return [
    implement(getDelinquency, ({ params }) => delinquencyReport(db, params.id, today())),
    implement(exportDelinquency, async ({ params }) => {
      const date = today();
      return Reply.file({
        data: await delinquencyWorkbook(await delinquencyReport(db, params.id, date)),
        contentType: XLSX,
        filename: `morosidad-${date}.xlsx`,
      });
    }),
  ];
}

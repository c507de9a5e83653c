import { getDelinquency } from '@cuota/contracts/billing/endpoints/delinquency';
import { implement } from '@cuota/service-runtime/http/endpoint-handlers';
import type { BillingContext } from '../billing-db';
import { delinquencyReport } from './delinquency-report';

export function delinquencyHandlers({ db, today }: BillingContext) {
  return [implement(getDelinquency, ({ params }) => delinquencyReport(db, params.id, today()))];
}

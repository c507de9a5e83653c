import { exportReportsZip } from '@cuota/contracts/billing/endpoints/reports';
import {
  schoolFulfillmentPdf,
  schoolFulfillmentXml,
} from '@cuota/contracts/billing/endpoints/school-orders';
import type { Order } from '@cuota/contracts/billing/orders';
import { endpointUrl } from '@cuota/web-core/api/endpoint-request';

/** Downloads are GETs, so a plain link fetches them with the session's cookie. */
export const reportsZipUrl = (schoolId: string) =>
  endpointUrl(exportReportsZip, { params: {}, query: { school_id: schoolId } });

/** One order's statement (amounts as of today, late fee included) as PDF or XML. */
export const orderStatementUrl = (order: Pick<Order, 'id' | 'school_id'>, format: 'pdf' | 'xml') =>
  endpointUrl(format === 'pdf' ? schoolFulfillmentPdf : schoolFulfillmentXml, {
    params: { id: order.school_id, fulfillment: order.id },
  });

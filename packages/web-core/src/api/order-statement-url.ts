import {
  schoolFulfillmentPdf,
  schoolFulfillmentXml,
} from '@cuota/contracts/billing/endpoints/school-orders';
import type { Order } from '@cuota/contracts/billing/orders';
import { endpointUrl } from './endpoint-request';

/**
 * One order's statement (amounts as of today, late fee included) as PDF or XML: a GET, so a
 * plain link downloads it with the session's cookie. Adeudos and the student's page both link it.
 */
export const orderStatementUrl = (order: Pick<Order, 'id' | 'school_id'>, format: 'pdf' | 'xml') =>
  endpointUrl(format === 'pdf' ? schoolFulfillmentPdf : schoolFulfillmentXml, {
    params: { id: order.school_id, fulfillment: order.id },
  });

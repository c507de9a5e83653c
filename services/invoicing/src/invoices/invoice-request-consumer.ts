import { on, type Subscription } from '@cuota/messaging/consumer/durable-consumer';
import { creditAppliedV1 } from '@cuota/contracts/events/payments.credit.applied.v1';
import { payinSucceededV1 } from '@cuota/contracts/events/payments.payin.succeeded.v1';
import { invoiceCreditApplication } from './invoice-credit-application';
import { invoicePayin } from './invoice-payin';

/** Durable name: also the inbox key, so it must never change once deployed. */
export const INVOICE_REQUEST_CONSUMER = 'invoicing-payments';

/** Money received or credit applied: the invoices to issue for it. */
export function invoiceRequestSubscriptions(): Subscription[] {
  return [
    on(payinSucceededV1, async (event, tx) => {
      await invoicePayin(tx, event.data);
    }),
    on(creditAppliedV1, async (event, tx) => {
      await invoiceCreditApplication(tx, event.data);
    }),
  ];
}

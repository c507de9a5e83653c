import { on, type Subscription } from '@cuota/messaging/consumer/durable-consumer';
import { creditAppliedV1 } from '@cuota/contracts/events/payments.credit.applied.v1';
import { payinReversedV1 } from '@cuota/contracts/events/payments.payin.reversed.v1';
import { payinSucceededV1 } from '@cuota/contracts/events/payments.payin.succeeded.v1';
import { creditReversedPayin } from '../credit-notes/credit-reversed-payin';
import { invoiceCreditApplication } from './invoice-credit-application';
import { invoicePayin } from './invoice-payin';

/** Durable name: also the inbox key, so it must never change once deployed. */
export const INVOICE_REQUEST_CONSUMER = 'invoicing-payments';

/**
 * Money received or credit applied: the invoices to issue for it; money given back: their
 * cancellation or credit note (ADR 0037).
 */
export function invoiceRequestSubscriptions(): Subscription[] {
  return [
    on(payinSucceededV1, async (event, tx) => {
      await invoicePayin(tx, event.data);
    }),
    on(creditAppliedV1, async (event, tx) => {
      await invoiceCreditApplication(tx, event.data);
    }),
    on(payinReversedV1, (event, tx) => creditReversedPayin(tx, event.data)),
  ];
}

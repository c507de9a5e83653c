import {
  invoiceFailedV1,
  type InvoiceFailed,
} from '@cuota/contracts/events/invoicing.invoice.failed.v1';
import {
  bankRefundDeclinedV1,
  type BankRefundDeclined,
} from '@cuota/contracts/events/payments.bank_refund.declined.v1';
import {
  payoutDeclinedV1,
  type PayoutDeclined,
} from '@cuota/contracts/events/payments.payout.declined.v1';
import { on, type Subscription } from '@cuota/messaging/consumer/durable-consumer';
import type { Executor } from '@cuota/messaging/transaction';
import type { Logger } from '@cuota/service-runtime/logging/logger';
import { schoolNamesOf } from '../families/family-repository';
import { pesos } from '../sending/notification-mail';
import { postStaffAlert, type SlackMessage } from './staff-alert';

/** Durable names: also the inbox keys, so they must never change once deployed. */
export const STAMP_ALERT_CONSUMER = 'notifications-invoicing-failed-stamps';
export const PAYOUT_ALERT_CONSUMER = 'notifications-payments-declined-payouts';
export const BANK_REFUND_ALERT_CONSUMER = 'notifications-payments-declined-bank-refunds';

/** Who refused a CFDI, as the operator reads it. */
const REFUSED_BY: Record<string, string> = {
  pac: 'el PAC (reglas del SAT)',
  checks: 'las validaciones de Cuota antes de timbrar',
};

const section = (text: string): SlackMessage => ({
  text,
  blocks: [{ type: 'section', text: { type: 'mrkdwn', text } }],
});

/**
 * A CFDI not issued (ADR 0103): which school, which document, who refused it and why. No
 * «Reintentar»: the fix is the family's or the school's data, and staff ask again in Facturas.
 */
export function failedStampAlert(school: string, e: InvoiceFailed): SlackMessage {
  return section(
    `No se timbró un CFDI (${e.document}, ${pesos(e.total_centavos)}) de ${school}: ` +
      `lo rechazó ${REFUSED_BY[e.error_source] ?? e.error_source} con ${e.error_code}: ` +
      `${e.error_message} Factura ${e.invoice_id}; se corrige y se reintenta en Facturas.`,
  );
}

/** A payout the gateway declined (ADR 0103): the school's money waits at the gateway. */
export function declinedPayoutAlert(school: string, e: PayoutDeclined): SlackMessage {
  return section(
    `La pasarela rechazó la dispersión de ${pesos(e.net_centavos)} del ${e.collected_on} ` +
      `de ${school}: ${e.reason} Dispersión ${e.payout_id}; se envía de nuevo (otra cuenta, ` +
      'si hace falta) desde Dispersiones.',
  );
}

/**
 * A refund to a family's bank account the gateway declined (ADR 0110): the money stayed the
 * family's credit, and the school has to tell the family and agree on another account.
 */
export function declinedBankRefundAlert(school: string, e: BankRefundDeclined): SlackMessage {
  const account = e.bank_name ? `${e.holder_name} (${e.bank_name})` : e.holder_name;
  return section(
    `La pasarela rechazó la devolución de ${pesos(e.amount_centavos)} a la cuenta de ` +
      `${account} de ${school}: ${e.reason} Pago ${e.payin_id}, devolución ${e.reversal_id}; ` +
      'la escuela avisa a la familia y acuerda con ella otra cuenta.',
  );
}

/** The school's name as notifications knows it, else its id. */
async function schoolOf(tx: Executor, schoolId: string): Promise<string> {
  return (await schoolNamesOf(tx, [schoolId])).get(schoolId) ?? `la escuela ${schoolId}`;
}

/**
 * Posts each alert once per event: the inbox row is written in the handler's transaction, so
 * a redelivered event posts nothing. Without a webhook URL the events are taken and dropped.
 */
export function operationsAlertSubscriptions(webhookUrl: string | undefined, logger: Logger) {
  const post = async (message: SlackMessage) => {
    if (webhookUrl) await postStaffAlert(webhookUrl, message, logger);
  };
  return {
    stamps: [
      on(invoiceFailedV1, async (event, tx) =>
        post(failedStampAlert(await schoolOf(tx, event.data.school_id), event.data)),
      ),
    ] satisfies Subscription[],
    payouts: [
      on(payoutDeclinedV1, async (event, tx) =>
        post(declinedPayoutAlert(await schoolOf(tx, event.data.school_id), event.data)),
      ),
    ] satisfies Subscription[],
    bankRefunds: [
      on(bankRefundDeclinedV1, async (event, tx) =>
        post(declinedBankRefundAlert(await schoolOf(tx, event.data.school_id), event.data)),
      ),
    ] satisfies Subscription[],
  };
}

import type { Charge, Reversal } from './charge-ledger.ts';
import { reversalNotification } from './kushki-shapes.ts';
import type { Merchant } from './merchants.ts';
import type { WebhookNotifier } from './webhook-notifier.ts';

/** How long Kushki takes to settle a void and a refund it answered INITIALIZED. */
export interface ReversalDelays {
  voidMs: number;
  refundMs: number;
}

/**
 * Settles voids and refunds a while after they were asked for, as Kushki does (a void after
 * up to three attempts with the processor, a refund in days), and notifies each by webhook.
 */
export class ReversalSettler {
  private readonly timers = new Set<NodeJS.Timeout>();
  private readonly delays: ReversalDelays;
  private readonly webhooks: WebhookNotifier;

  constructor(delays: ReversalDelays, webhooks: WebhookNotifier) {
    this.delays = delays;
    this.webhooks = webhooks;
  }

  schedule(merchant: Merchant, sale: Charge, reversal: Reversal): void {
    const delay = reversal.transactionType === 'VOID' ? this.delays.voidMs : this.delays.refundMs;
    const timer = setTimeout(() => {
      this.timers.delete(timer);
      reversal.status = 'APPROVAL';
      this.webhooks.notify(
        merchant,
        sale.ticketNumber,
        reversal.transactionType,
        reversalNotification(sale, reversal),
      );
    }, delay);
    this.timers.add(timer);
  }

  stop(): void {
    for (const timer of this.timers) clearTimeout(timer);
    this.timers.clear();
  }
}

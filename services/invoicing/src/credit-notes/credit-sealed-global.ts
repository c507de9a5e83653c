/**
 * A payment refunded after its global invoice was sealed (ADR 0051; one still at the PAC gets
 * its note once stamped): the global CFDI stands (its other payments need it, and its period
 * may be in a filed return), so what was given
 * back is a credit note on it — E, TipoRelacion 01 to the global's UUID, to público en
 * general — one per reversal and payment, whatever the month and whether whole or in part.
 * A payment refunded whole also leaves the global's members (withdrawn), so a later re-issue
 * (ADR 0050) never carries it again.
 */
import type { PayinReversed } from '@cuota/contracts/events/payments.payin.reversed.v1';
import type { Executor } from '@cuota/messaging/transaction';
import { withdrawUnstamped } from '../cancellations/cancellation-repository';
import { lockInvoice, type InvoiceRow } from '../invoices/invoice-repository';
import type { NewCreditNote } from './credit-note-repository';
import { reversalDecisions, type CreditableInvoice } from './credit-note-rules';

/** Where a payment held for a global invoice stands, by payment id; the globals locked. */
export interface HeldGlobals {
  /** In a global already sealed (at the PAC or stamped): what goes back is a credit note on it. */
  sealed: Map<string, InvoiceRow>;
  /** Not collected yet (no global) or in one not sealed: the refund shrinks the payment. */
  unsealed: Map<string, InvoiceRow | undefined>;
}

export async function heldGlobalsOf(tx: Executor, payments: InvoiceRow[]): Promise<HeldGlobals> {
  const held: HeldGlobals = { sealed: new Map(), unsealed: new Map() };
  for (const payment of payments) {
    if (payment.globalState !== 'held') continue;
    const global = payment.globalInvoiceId
      ? await lockInvoice(tx, payment.globalInvoiceId)
      : undefined;
    if (global?.sealedXml) held.sealed.set(payment.id, global);
    else held.unsealed.set(payment.id, global);
  }
  return held;
}

/** The credit notes on sealed globals for the payments this reversal gives back. */
export async function creditSealedGlobals(
  tx: Executor,
  reversal: PayinReversed,
  context: {
    creditable: CreditableInvoice[];
    globals: Map<string, InvoiceRow>;
    byId: Map<string, InvoiceRow>;
    timeZone: string;
  },
): Promise<NewCreditNote[]> {
  const at = new Date(reversal.reversed_at);
  // As a partial reversal: the payment was never stamped on its own, so only a credit note
  // (never a cancellation) can say what went back.
  const decisions = reversalDecisions(
    { whole: false, allocations: reversal.allocations, reversedAt: at },
    context.creditable.filter((invoice) => context.globals.has(invoice.id)),
    context.timeZone,
  );
  const notes: NewCreditNote[] = [];
  for (const decision of decisions) {
    if (decision.action !== 'credit_note') continue;
    const payment = context.byId.get(decision.invoice.id)!;
    if (reversal.whole) await withdrawUnstamped(tx, payment);
    notes.push({
      // One global carries several payments (and a payin up to two): keyed per payment.
      cause: { kind: 'reversal', id: `${reversal.reversal_id}:${payment.id}` },
      related: context.globals.get(payment.id)!,
      payment,
      lines: decision.lines,
      at,
      reason: reversal.reason,
    });
  }
  return notes;
}

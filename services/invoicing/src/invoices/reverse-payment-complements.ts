import type { PayinReversed } from '@cuota/contracts/events/payments.payin.reversed.v1';
import type { Executor } from '@cuota/messaging/transaction';
import { askCancellation, withdrawUnstamped } from '../cancellations/cancellation-repository';
import { lockInvoice } from './invoice-repository';
import {
  lockPayinComplements,
  recordComplementSubstitute,
  reversibleOf,
  shrinkUnsentComplement,
} from './reversed-complement-repository';
import { reversedComplementDecisions } from './reversed-complement-rules';

/**
 * Money of a payin given back: the CFDI de pago it issued stop saying the PPD invoice was
 * paid (ADR 0037). A complement whose whole payment went back is cancelled with motive 03
 * (the payment did not happen); one partly given back is substituted by one for what the
 * family kept. Either way the PPD invoice's balance is restored at once, so the next payment's
 * complement carries the right ImpSaldoAnt. Exactly once: the inbox drops a redelivery, the
 * cancellation is one per complement and the substitute one per complement and reversal.
 */
export async function reversePaymentComplements(
  tx: Executor,
  reversal: PayinReversed,
): Promise<void> {
  const rows = await lockPayinComplements(tx, reversal.payin_id);
  if (!rows.length) return;
  const byId = new Map(rows.map((row) => [row.id, row]));
  const decisions = reversedComplementDecisions(
    reversal.allocations,
    rows.map((row) => reversibleOf(row)),
  );
  const motive03 = {
    motive: '03',
    substituteUuid: null,
    reason: reversal.reason,
    requestedBy: reversal.reversed_by,
  } as const;
  for (const decision of decisions) {
    const row = byId.get(decision.complement.id)!;
    if (decision.action === 'cancel') await askCancellation(tx, row, motive03);
    else if (decision.action === 'withdraw') {
      await withdrawUnstamped(tx, row);
      // A substitute withdrawn before it replaced anything: the stamped one it was to
      // replace still says the money was received, and nothing of it was kept.
      const old = row.replacesInvoiceId ? await lockInvoice(tx, row.replacesInvoiceId) : null;
      if (old?.status === 'success') await askCancellation(tx, old, motive03);
    } else if (decision.action === 'shrink') await shrinkUnsentComplement(tx, row, decision.kept);
    else await recordComplementSubstitute(tx, row, reversal.reversal_id, decision.kept);
  }
}

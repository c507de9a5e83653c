import type { PayinReversed } from '@cuota/contracts/events/payments.payin.reversed.v1';
import type { Executor } from '@cuota/messaging/transaction';
import { askCancellation, withdrawUnstamped } from '../cancellations/cancellation-repository';
import {
  issuedAncestorOf,
  lockPayinComplements,
  recordComplementSubstitute,
  reversalRestatedComplement,
  reversibleOf,
} from './reversed-complement-repository';
import { reversedComplementDecisions } from './reversed-complement-rules';

/**
 * Money of a payin given back: the CFDI de pago it issued stop saying the PPD invoice was
 * paid (ADR 0037). A complement whose whole payment went back is cancelled with motive 03
 * (the payment did not happen); one partly given back is substituted by one for what the
 * family kept. Either way the PPD invoice's balance is restored at once, so the next payment's
 * complement carries the right ImpSaldoAnt. Exactly once: the inbox drops a redelivery; the
 * same reversal in a new envelope finds its cancellation open or its restatement recorded.
 */
export async function reversePaymentComplements(
  tx: Executor,
  reversal: PayinReversed,
): Promise<void> {
  const rows = await lockPayinComplements(tx, reversal.payin_id);
  if (!rows.length || (await reversalRestatedComplement(tx, reversal.reversal_id))) return;
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
      // A restatement withdrawn before it replaced anything: the stamped complement it was
      // to replace still says the money was received, and nothing of it was kept.
      const old = await issuedAncestorOf(tx, row);
      if (old?.status === 'success') await askCancellation(tx, old, motive03);
    } else {
      // Never sent: it goes, and the kept amount is recorded anew (relating, when stamped,
      // to the complement SAT has: issuedAncestorOf).
      if (decision.action === 'replace') await withdrawUnstamped(tx, row);
      await recordComplementSubstitute(tx, row, reversal.reversal_id, decision.kept);
    }
  }
}

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
import {
  reversedComplementDecisions,
  sharedComplementDecision,
  type ComplementDecision,
} from './reversed-complement-rules';
import type { InvoiceRow } from './invoice-repository';

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
  const decisions = reversedComplementDecisions(
    reversal.allocations,
    rows.map((row) => reversibleOf(row)),
  );
  for (const members of byCfdi(rows)) {
    if (members.length === 1) {
      const decision = decisions.find((d) => d.complement.id === members[0]!.id);
      if (decision) await reverseLone(tx, members[0]!, decision, reversal);
    } else await reverseShared(tx, members, decisions, reversal);
  }
}

/** The payin's complement rows by the CFDI that carries them, the carrier first. */
function byCfdi(rows: readonly InvoiceRow[]): InvoiceRow[][] {
  const groups = new Map<string, InvoiceRow[]>();
  for (const row of rows) {
    const key = row.carriedByInvoiceId ?? row.id;
    const group = groups.get(key) ?? [];
    if (row.carriedByInvoiceId) group.push(row);
    else group.unshift(row);
    groups.set(key, group);
  }
  return [...groups.values()];
}

const motive03 = (reversal: PayinReversed) =>
  ({
    motive: '03',
    substituteUuid: null,
    reason: reversal.reason,
    requestedBy: reversal.reversed_by,
  }) as const;

/** A CFDI de pago of one PPD invoice: cancelled, withdrawn or restated by its own decision. */
async function reverseLone(
  tx: Executor,
  row: InvoiceRow,
  decision: ComplementDecision,
  reversal: PayinReversed,
): Promise<void> {
  if (decision.action === 'cancel') await askCancellation(tx, row, motive03(reversal));
  else if (decision.action === 'withdraw') await withdrawWhole(tx, row, reversal);
  else {
    // Never sent: it goes, and the kept amount is recorded anew (relating, when stamped,
    // to the complement SAT has: issuedAncestorOf).
    if (decision.action === 'replace') await withdrawUnstamped(tx, row);
    await recordComplementSubstitute(tx, row, reversal.reversal_id, decision.kept);
  }
}

/**
 * A CFDI de pago of several PPD invoices (its carrier first): what the reversal takes from
 * any of its documents changes the one CFDI — cancelled or withdrawn once when nothing is
 * kept, else restated whole: one substitute per document with something kept, the first
 * carrying the others, related (04) to the CFDI SAT has, which is then cancelled (01).
 */
async function reverseShared(
  tx: Executor,
  members: InvoiceRow[],
  decisions: readonly ComplementDecision[],
  reversal: PayinReversed,
): Promise<void> {
  const decision = sharedComplementDecision(
    members.map((row) => reversibleOf(row)),
    decisions,
  );
  if (!decision) return;
  const carrier = members[0]!;
  if (decision.action === 'cancel') {
    await askCancellation(tx, carrier, motive03(reversal));
    return;
  }
  if (decision.action === 'withdraw') return withdrawWhole(tx, carrier, reversal);
  if (decision.action === 'replace') await withdrawUnstamped(tx, carrier);
  let restated: string | null = null;
  for (const { complement, lines } of decision.kept) {
    const row = members.find((m) => m.id === complement.id)!;
    const id = await recordComplementSubstitute(tx, row, reversal.reversal_id, lines, restated);
    restated ??= id ?? null;
  }
}

/** Withdrawn unsent; a restatement withdrawn so leaves the complement it was to replace. */
async function withdrawWhole(tx: Executor, row: InvoiceRow, reversal: PayinReversed) {
  await withdrawUnstamped(tx, row);
  // A restatement withdrawn before it replaced anything: the stamped complement it was
  // to replace still says the money was received, and nothing of it was kept.
  const old = await issuedAncestorOf(tx, row);
  if (old?.status === 'success') await askCancellation(tx, old, motive03(reversal));
}

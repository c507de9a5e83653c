import type { Executor } from '@cuota/messaging/transaction';
import type { OrderAllocation } from '../allocation/allocation-rules';
import { lockCreditBalance } from '../ledger/ledger-repository';
import { allocationsOfPayins, type PayinRow } from '../payins/payin-repository';
import { reversalsOfPayin, reversedAllocationsOfPayin } from './reversal-repository';
import { stillHeld, type PayinCredit } from './reversal-rules';

/** What a payin still holds on each order after its applied reversals (ADR 0036). */
export async function heldBy(tx: Executor, payin: PayinRow): Promise<OrderAllocation[]> {
  const paid = (await allocationsOfPayins(tx, [payin.id])).get(payin.id) ?? [];
  return stillHeld(paid, await reversedAllocationsOfPayin(tx, payin.id));
}

/**
 * The payin's credit not yet taken back, and how much of it the student's balance still
 * holds (the rest was spent on other orders); the balance is locked until the transaction ends.
 */
export async function payinCredit(tx: Executor, payin: PayinRow): Promise<PayinCredit> {
  if (!payin.creditStudentId || !payin.creditCreatedCentavos) return { left: 0, untaken: 0 };
  const taken = (await reversalsOfPayin(tx, payin.id))
    .filter((r) => r.status === 'applied')
    .reduce((s, r) => s + r.creditReversedCentavos, 0);
  const untaken = payin.creditCreatedCentavos - taken;
  const balance = await lockCreditBalance(tx, payin.schoolId, payin.creditStudentId);
  return { untaken, left: Math.max(0, Math.min(untaken, balance)) };
}

/**
 * A family that gives valid fiscal data before its period's global invoice is sealed gets its
 * own CFDI (ADR 0042): each payment held for a global invoice with it as receptor leaves the
 * global one and is stamped in its name. Runs in the transaction that records the data, so
 * a redelivered event finds nothing left to release.
 */
import type { Executor } from '@cuota/messaging/transaction';
import { resolveReceptor } from '../cfdi/receptor';
import { fiscalGuardianById } from '../guardians/fiscal-guardian-repository';
import { receptorOf } from '../invoices/invoice-parties';
import { heldOfGuardian, leaveGlobal } from './global-invoice-repository';

export async function releaseHeldOfNamedFamily(tx: Executor, guardianId: string): Promise<number> {
  const guardian = await fiscalGuardianById(tx, guardianId);
  if (resolveReceptor(receptorOf(guardian)).kind !== 'nominativo') return 0;
  let released = 0;
  // One at a time: the transaction has one connection. A payment inside a sealed global
  // one stays: re-issuing a stamped global is asked for with `generate` (ADR 0050).
  for (const payment of await heldOfGuardian(tx, guardianId))
    if ((await leaveGlobal(tx, payment)) === 'released') released++;
  return released;
}

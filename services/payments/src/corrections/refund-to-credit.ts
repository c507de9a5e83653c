import type { PayinReversal, RefundCard } from '@cuota/contracts/payments/reversals';
import { formatPesos } from '@cuota/documents/money-format';
import type { Executor } from '@cuota/messaging/transaction';
import type { Keyed } from '@cuota/service-runtime/http/endpoint-handlers';
import { conflict, notFound } from '@cuota/service-runtime/http/http-error';
import { KeyTaken } from '@cuota/service-runtime/idempotency/key-on-row';
import { requestHash } from '@cuota/service-runtime/idempotency/request-hash';
import { lockStudents } from '../allocation/allocation-repository';
import { totalOf } from '../allocation/allocation-rules';
import { postLedgerTransaction } from '../ledger/ledger-repository';
import type { PaymentsDeps } from '../payments-deps';
import { payinById, UNKNOWN_PAYIN, type PayinRow } from '../payins/payin-repository';
import { heldBy } from './payin-holdings';
import { toCreditLines } from './reversal-postings';
import { payOutCredit } from './refund-to-bank';
import {
  insertAppliedReversal,
  onceReversal,
  reversalById,
  reversalByKey,
  toReversal,
} from './reversal-repository';
import { takeBack } from './reversal-rules';
import type { Corrector } from './void-desk-payin';

export const NOT_A_GATEWAY_TRANSFER =
  'Solo un pago por transferencia SPEI o en efectivo en tienda se devuelve como saldo a favor.';

/** A SPEI or store-cash payin: its money reached the school's gateway account (ADR 0089). */
export const isGatewayTransfer = (payin: PayinRow) =>
  payin.type !== 'CARD' && payin.publicMerchantId !== null;

/**
 * A SPEI transfer's or store cash's money given back to the family's credit balance (ADR
 * 0099): what it paid of its orders (all, or `amount_centavos`, the newest paid first) is
 * taken off them — billing reopens them — and each order's student holds it as credit. No
 * money leaves, so it is applied at once, under the payin's lock and its key: twenty
 * requests, one reversal; what the payin no longer holds is 409. To a bank account (ADR
 * 0110) the same reversal carries the CLABE and that credit is then paid out through the
 * gateway (refund-to-bank.ts).
 */
export async function refundToCredit(
  deps: PaymentsDeps,
  schoolId: string,
  body: RefundCard,
  idempotencyKey: string,
  by: Corrector,
): Promise<Keyed<PayinReversal>> {
  const hash = requestHash({ schoolId, ...body });
  const { row, replayed } = await onceReversal(deps.db, schoolId, { idempotencyKey, hash }, () =>
    deps.db.transaction((tx) =>
      toCredit(tx, deps.now(), schoolId, body, { idempotencyKey, requestHash: hash, by }),
    ),
  );
  if (row.payoutStatus === 'pending') await payOutCredit(deps, row, replayed);
  return { answer: toReversal((await reversalById(deps.db, row.id))!), replayed };
}

async function toCredit(
  tx: Executor,
  now: Date,
  schoolId: string,
  body: RefundCard,
  key: { idempotencyKey: string; requestHash: string; by: Corrector },
) {
  const payin = await payinById(tx, body.payin_id, { lock: true });
  if (!payin || payin.schoolId !== schoolId) throw notFound(UNKNOWN_PAYIN);
  // A request with the key that held the lock first answers this one (onceOnRow's find).
  if (await reversalByKey(tx, schoolId, key.idempotencyKey)) throw new KeyTaken();
  if (!isGatewayTransfer(payin)) throw conflict(NOT_A_GATEWAY_TRANSFER);
  if (payin.status !== 'success')
    throw conflict('Este pago todavía no llega: no hay qué devolver.');
  const held = await heldBy(tx, payin);
  const left = totalOf(held);
  if (left === 0) throw conflict('Lo que este pago abonó a cargos ya es saldo a favor.');
  const amount = body.amount_centavos ?? left;
  if (amount > left)
    throw conflict(
      `Este pago tiene ${formatPesos(left)} abonados a cargos; no ${formatPesos(amount)}.`,
    );
  const { allocations } = takeBack(held, { left: 0, untaken: 0 }, amount);
  await lockStudents(
    tx,
    allocations.map((a) => a.studentId),
  );
  const reversal = await insertAppliedReversal(tx, {
    payinId: payin.id,
    schoolId,
    kind: 'refund',
    whole: false, // the money stays: the payin is still received
    amountCentavos: amount,
    creditReversedCentavos: 0,
    allocations,
    reason: body.reason,
    requestedBy: key.by.userId,
    requestedByName: key.by.name,
    appliedAt: now,
    idempotencyKey: key.idempotencyKey,
    requestHash: key.requestHash,
    ...(body.to === 'bank_account' && {
      payout: { clabe: body.clabe!, holderName: body.holder_name!, requestedAt: now },
    }),
  });
  await postLedgerTransaction(tx, {
    idempotencyKey: `reversal:${reversal.id}`,
    schoolId,
    description: `Devolución ${body.to === 'bank_account' ? 'a cuenta bancaria' : 'a saldo a favor'} del pago ${payin.receiptNumber ?? payin.id}`,
    occurredAt: now,
    lines: toCreditLines(schoolId, allocations),
  });
  return reversal;
}

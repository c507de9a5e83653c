import type { PayinReversal, RefundCard } from '@cuota/contracts/payments/reversals';
import { formatPesos } from '@cuota/documents/money-format';
import type { Executor } from '@cuota/messaging/transaction';
import { conflict, HttpError, notFound } from '@cuota/service-runtime/http/http-error';
import type { Keyed } from '@cuota/service-runtime/http/endpoint-handlers';
import { requestHash } from '@cuota/service-runtime/idempotency/request-hash';
import { voidableUntil } from '../gateway/void-window';
import type { PaymentsDeps } from '../payments-deps';
import { payinById, UNKNOWN_PAYIN } from '../payins/payin-repository';
import { creditSpentNotConfirmed } from './correction-refusals';
import { GATEWAY_SILENT, mayAskGateway } from './gateway-retry';
import { heldBy, payinCredit } from './payin-holdings';
import { isGatewayTransfer } from './refund-to-credit';
import { takeBack } from './reversal-rules';
import type { Corrector } from './void-desk-payin';
import {
  declineReversal,
  insertPendingReversal,
  onceReversal,
  recordGatewayTicket,
  reversalById,
  reversalsOfPayin,
  toReversal,
  type ReversalRow,
} from './reversal-repository';

/**
 * A card payment given back through the gateway (ADR 0036). Under the payin's lock the
 * reversal is written pending with its key (twenty requests, one reversal); then the gateway
 * is asked — a void of the whole sale on its day, else a refund of the amount — and its
 * webhook moves the books (apply-gateway-reversal.ts). A retry with the key answers the
 * reversal, asking the gateway again only when the first ask got no answer.
 */
export async function refundCardPayin(
  deps: PaymentsDeps,
  schoolId: string,
  body: RefundCard,
  idempotencyKey: string,
  by: Corrector,
): Promise<Keyed<PayinReversal>> {
  const hash = requestHash({ schoolId, ...body });
  const { row, replayed } = await onceReversal(deps.db, schoolId, { idempotencyKey, hash }, () =>
    deps.db.transaction((tx) => requested(tx, deps, schoolId, body, { idempotencyKey, hash, by })),
  );
  if (await mayAskGateway(deps, row, replayed)) await askGateway(deps, row);
  return { answer: toReversal((await reversalById(deps.db, row.id))!), replayed };
}

async function requested(
  tx: Executor,
  deps: PaymentsDeps,
  schoolId: string,
  body: RefundCard,
  key: { idempotencyKey: string; hash: string; by: Corrector },
): Promise<ReversalRow> {
  const payin = await payinById(tx, body.payin_id, { lock: true });
  if (!payin || payin.schoolId !== schoolId) throw notFound(UNKNOWN_PAYIN);
  if (isGatewayTransfer(payin))
    throw conflict(
      'Este pago llegó por transferencia o en tienda: devuélvelo como saldo a favor de la familia.',
    );
  if (payin.type !== 'CARD')
    throw conflict('Este pago no fue con tarjeta: un pago de caja se anula desde su detalle.');
  const earlier = await reversalsOfPayin(tx, payin.id);
  const sum = (rows: ReversalRow[]) => rows.reduce((s, r) => s + r.amountCentavos, 0);
  const left = payin.amountCentavos - sum(earlier.filter((r) => r.status !== 'declined'));
  if (left === 0 || payin.status === 'canceled')
    throw conflict('Este pago ya se reembolsó por completo.');
  if (payin.status !== 'success')
    throw conflict('Solo se reembolsan pagos con tarjeta ya cobrados.');
  const amount = body.amount_centavos ?? left;
  if (amount > left)
    throw conflict(
      `De este pago quedan ${formatPesos(left)} por reembolsar; no ${formatPesos(amount)}.`,
    );
  // Pending reversals will take what the payin holds first; this one comes after them.
  const pending = sum(earlier.filter((r) => r.status === 'pending'));
  const { owedCentavos } = takeBack(
    await heldBy(tx, payin),
    await payinCredit(tx, payin),
    pending + amount,
  );
  if (owedCentavos > 0 && !body.confirm_credit_spent) throw creditSpentNotConfirmed(owedCentavos);
  const now = deps.now();
  const whole = amount === payin.amountCentavos && earlier.length === 0;
  return insertPendingReversal(tx, {
    payinId: payin.id,
    schoolId,
    kind: whole && now < voidableUntil(payin.createdAt) ? 'void' : 'refund',
    amountCentavos: amount,
    reason: body.reason,
    requestedBy: key.by.userId,
    requestedByName: key.by.name,
    idempotencyKey: key.idempotencyKey,
    requestHash: key.hash,
    gatewayRequestedAt: now,
  });
}

/** Asks the gateway; keeps its ticket, or its refusal as a declined reversal. */
async function askGateway(deps: PaymentsDeps, row: ReversalRow): Promise<void> {
  const payin = (await payinById(deps.db, row.payinId))!;
  const { gateway } = await deps.gateways.of(payin.schoolId, payin.gatewayEnvironment ?? 'sandbox');
  const ticketNumber = payin.ticketNumber!;
  let outcome;
  try {
    outcome =
      row.kind === 'void'
        ? await gateway.voidSale(ticketNumber, payin.createdAt, deps.now())
        : await gateway.refund({
            ticketNumber,
            amountCentavos: row.amountCentavos,
            idempotencyKey: `reversal:${row.id}`,
          });
  } catch (err) {
    deps.logger.warn({ reversalId: row.id, err: String(err) }, 'gateway did not answer a refund');
    throw new HttpError(503, 'SERVICE_UNAVAILABLE', GATEWAY_SILENT);
  }
  if (outcome.kind === 'started') await recordGatewayTicket(deps.db, row.id, outcome.ticketNumber);
  else await declineReversal(deps.db, row.id, outcome.message);
}

import type { IdentityClaims } from '@cuota/contracts/identity/identity-claims';
import {
  STORE_BUYER_REQUIRED,
  STORE_OUT_OF_STOCK,
  type GuestFiscal,
  type StoreCheckout,
  type StoreCheckoutStatus,
} from '@cuota/contracts/payments/store-checkout';
import { conflict, forbidden, HttpError, notFound } from '@cuota/service-runtime/http/http-error';
import { onceOnRow } from '@cuota/service-runtime/idempotency/key-on-row';
import { requestHash } from '@cuota/service-runtime/idempotency/request-hash';
import { studentIdsOfGuardian } from '@cuota/student-directory/student-directory-repository';
import { recordOutcome } from '../checkout/start-checkout';
import type { PaymentsDeps } from '../payments-deps';
import { familyScope } from '../payins/payin-access';
import { insertGatewayPayin, payinByKey, type PayinRow } from '../payins/payin-repository';
import { referenceGateway, referencedPayin } from '../preferences/payment-reference';
import { assertMayPayByCard } from '../risk/credit-profile';
import { insertStoreCheckout, storeCheckoutStatusOf } from './store-checkout-repository';
import { settleStoreStock } from './store-stock-sweep';

const CHOOSE_STUDENT = 'Elige para cuál de tus alumnos es la compra.';
const HOLD_LAPSED = 'La reservación de tus artículos venció. Vuelve a intentarlo.';
/**
 * A SPEI reference's or cash voucher's stock hold: the gateway's 72 h and a day more, so the
 * reference always lapses (and its notice releases the stock) before billing's sweep would.
 */
export const REFERENCE_HOLD_SECONDS = 96 * 3600;

const PAYIN_KIND = {
  card: { type: 'CARD', method: 'credit_card' },
  transfer: { type: 'TRANSFER_IN', method: 'transfer' },
  cash: { type: 'CASH_IN', method: 'cash' },
} as const;

interface Buyer {
  guardianId: string | null;
  studentId: string | null;
  email: string | null;
  /** A guest's own fiscal data; a family's CFDI follows its billing guardian. */
  fiscal: GuestFiscal | null;
  /** A guest's admissions lead (the store's sign-up). */
  leadId: string | null;
}

/**
 * Who buys: a signed-in family for one of its students (its school, else 404), or a guest
 * with an e-mail. Staff do not buy in the store.
 */
async function buyerOf(
  deps: PaymentsDeps,
  caller: IdentityClaims,
  schoolId: string,
  body: StoreCheckout,
): Promise<Buyer> {
  if (caller.kind === 'anonymous') {
    if (!body.buyer_email) throw new HttpError(422, 'VALIDATION_FAILED', STORE_BUYER_REQUIRED);
    return {
      guardianId: null,
      studentId: null,
      email: body.buyer_email,
      fiscal: body.fiscal,
      leadId: body.lead_id,
    };
  }
  const guardianId = familyScope(caller, schoolId);
  if (!guardianId) throw forbidden();
  const students = await studentIdsOfGuardian(deps.db, schoolId, guardianId);
  if (!body.student_id || !students.includes(body.student_id))
    throw new HttpError(422, 'VALIDATION_FAILED', CHOOSE_STUDENT);
  // A reference waits for the family's money: a card's risk refusal is not its (ADR 0106).
  if (body.method === 'card') await assertMayPayByCard(deps.db, schoolId, guardianId);
  return {
    guardianId,
    studentId: body.student_id,
    email: body.buyer_email,
    fiscal: null,
    leadId: null,
  };
}

/**
 * The store's checkout (ADR 0074, 0106). The Idempotency-Key is the checkout's ref: billing
 * reserves once per ref (pricing the lines itself), the payin is inserted once per key, and
 * only the request that inserted it charges the card. A decline fails the payin and releases
 * the stock at once; an approval waits for the signed webhook, which commits the stock.
 * SPEI and cash open the gateway's reference instead, keyed by the payin, on every answer
 * (a lost one is asked again and is the same); its stock is held as long as the reference.
 */
export async function startStoreCheckout(
  deps: PaymentsDeps,
  caller: IdentityClaims,
  schoolId: string,
  body: StoreCheckout,
  idempotencyKey: string,
): Promise<{ answer: StoreCheckoutStatus; replayed: boolean }> {
  const buyer = await buyerOf(deps, caller, schoolId, body);
  const hash = requestHash({
    schoolId,
    buyer,
    lines: body.lines,
    method: body.method,
    token: body.card?.token ?? null,
  });
  const { row, replayed } = await onceOnRow({
    hash,
    find: () => payinByKey(deps.db, schoolId, idempotencyKey),
    create: () => purchasePlaced(deps, schoolId, buyer, body, { idempotencyKey, hash }),
  });
  if (row.type !== 'CARD') await referencedPayin(deps, row.id);
  const answer = await storeCheckoutStatusOf(deps.db, schoolId, row.id);
  // The key belongs to another kind of payment of this school.
  if (!answer) throw conflict('Esta clave ya se usó para otro pago.');
  return { answer, replayed };
}

/**
 * Reserves the cart at billing and inserts the payin and its purchase; a card is charged at
 * once. A reference's stock is held past the reference's lapse (ADR 0106): the gateway's
 * expiry notice releases it, billing's hold sweep only if that notice never comes.
 */
async function purchasePlaced(
  deps: PaymentsDeps,
  schoolId: string,
  buyer: Buyer,
  body: StoreCheckout,
  key: { idempotencyKey: string; hash: string },
): Promise<PayinRow> {
  const byCard = body.method === 'card';
  const reply = await deps.storeStock.reserve({
    schoolId,
    checkoutRef: key.idempotencyKey,
    guardianId: buyer.guardianId,
    studentId: buyer.studentId,
    buyerEmail: buyer.email,
    leadId: buyer.leadId,
    lines: body.lines,
    holdSeconds: byCard ? undefined : REFERENCE_HOLD_SECONDS,
  });
  if (!reply.reserved) {
    const why = reply.check.lines.find((l) => !l.can_sell)?.message;
    throw conflict(why ? `${STORE_OUT_OF_STOCK} ${why}` : STORE_OUT_OF_STOCK);
  }
  const { order } = reply;
  if (order.status !== 'pending_payment') throw conflict(HOLD_LAPSED);
  const { merchant, gateway } = byCard
    ? await deps.gateways.current(schoolId)
    : await referenceGateway(deps, schoolId);
  const payin = await deps.db.transaction(async (tx) => {
    const inserted = await insertGatewayPayin(
      tx,
      {
        schoolId,
        ...PAYIN_KIND[body.method],
        amountCentavos: order.total_centavos,
        guardianId: buyer.guardianId,
        studentIds: buyer.studentId ? [buyer.studentId] : [],
        idempotencyKey: key.idempotencyKey,
        requestHash: key.hash,
        gatewayEnvironment: merchant.environment,
        publicMerchantId: merchant.publicMerchantId,
        quotedAfterSeq: 0,
      },
      [],
    );
    await insertStoreCheckout(tx, {
      payinId: inserted.id,
      schoolId,
      optionalOrderId: order.id,
      studentId: buyer.studentId,
      buyerEmail: buyer.email,
      lines: order.lines,
      fiscal: buyer.fiscal,
    });
    return inserted;
  });
  if (!body.card) return payin;
  const outcome = await gateway.charge({
    token: body.card.token,
    amountCentavos: payin.amountCentavos,
    paymentId: payin.id,
  });
  await recordOutcome(deps, payin, outcome);
  if (outcome.kind === 'declined') await settleStoreStock(deps, payin.id);
  return payin;
}

export async function storeCheckoutStatus(deps: PaymentsDeps, schoolId: string, payinId: string) {
  const answer = await storeCheckoutStatusOf(deps.db, schoolId, payinId);
  if (!answer) throw notFound('No encontramos este pago.');
  return answer;
}

import { badRequest, unauthenticated } from '@cuota/service-runtime/http/http-error';
import {
  merchantHearing,
  type MerchantCredentials,
  type NoticeKey,
} from '../gateway/gateway-credentials-repository';
import {
  recordNotification,
  recordNotificationAmongOthers,
} from '../gateway/gateway-notification-repository';
import type { GatewayReversal, GatewaySale } from '../gateway/kushki-shapes';
import { parseKushkiNotification, type KushkiNotice } from '../gateway/kushki-notification';
import { verifyKushkiSignature } from '../gateway/webhook-signature';
import type { PaymentsDeps } from '../payments-deps';
import { applyGatewayReversal } from '../corrections/apply-gateway-reversal';

export const BAD_SIGNATURE = 'La firma de la notificación no es válida.';
const STALE = 'La notificación tiene una fecha fuera de tiempo; no se procesa.';
const DEFAULT_TOLERANCE_SECONDS = 300;

export interface Delivery {
  rawBody: Buffer;
  header: (name: string) => string | undefined;
}

/**
 * Kushki's signed notification (ADR 0016, 0030): the merchant whose Kushki merchant id comes
 * in X-Kushki-Key must have signed the raw body with its webhook secret, recently. Each
 * ticket is recorded once (five deliveries are one). A sale is settled from the recorded
 * notice by the notice queue (ADR 0111); a reversal in the transaction that records it.
 * A delivery of a ticket already recorded is known from the merchant's look-up and changes
 * nothing (a store payment's stock left unsettled is the sweep's).
 */
export async function receiveNotification(deps: PaymentsDeps, delivery: Delivery): Promise<void> {
  const notice = parseKushkiNotification(delivery.rawBody);
  const { merchant, recorded } = await signedHearing(deps, delivery, notice && keyOf(notice));
  if (!notice) throw badRequest('La notificación no tiene la forma esperada.');
  // The body names its merchant too: a notice about another merchant's sale is not this one's.
  if (notice.merchantId !== null && notice.merchantId !== merchant.merchantId)
    throw unauthenticated(BAD_SIGNATURE);
  if (recorded) return;
  if (notice.kind === 'sale') await receiveSale(deps, merchant, notice.sale);
  else await receiveReversal(deps, merchant, notice.reversal);
}

const keyOf = (notice: KushkiNotice): NoticeKey =>
  notice.kind === 'sale'
    ? { ticketNumber: notice.sale.ticketNumber, transactionType: 'SALE' }
    : { ticketNumber: notice.reversal.ticketNumber, transactionType: notice.reversal.type };

/** The merchant that signed the delivery (X-Kushki-Key), recently; 401 otherwise. */
export async function signedBy(
  deps: PaymentsDeps,
  delivery: Delivery,
): Promise<MerchantCredentials> {
  return (await signedHearing(deps, delivery, null)).merchant;
}

/**
 * The signing merchant, and whether it already recorded `notice` (checked only once signed).
 * A merchant heard in the last few seconds signs again without a look-up (ADR 0118): its
 * kept secret must verify the delivery, else it is read again (a secret just changed), and
 * a notice it already recorded is then found by recording it once (nothing changes).
 */
async function signedHearing(deps: PaymentsDeps, delivery: Delivery, notice: NoticeKey | null) {
  const key = delivery.header('x-kushki-key');
  if (!key) throw unauthenticated(BAD_SIGNATURE);
  const kept = keptMerchant(deps, key);
  if (kept && verdictOf(deps, delivery, kept) === 'valid')
    return { merchant: kept, recorded: false };
  const found = await merchantHearing(deps.db, deps.box, key, notice);
  if (!found) throw unauthenticated(BAD_SIGNATURE);
  const verdict = verdictOf(deps, delivery, found.merchant);
  if (verdict === 'invalid') throw unauthenticated(BAD_SIGNATURE);
  if (verdict === 'stale') throw unauthenticated(STALE);
  keepMerchant(deps, key, found.merchant);
  return found;
}

const verdictOf = (deps: PaymentsDeps, delivery: Delivery, merchant: MerchantCredentials) =>
  verifyKushkiSignature(
    {
      rawBody: delivery.rawBody,
      id: delivery.header('x-kushki-id'),
      signature: delivery.header('x-kushki-signature'),
      simpleSignature: delivery.header('x-kushki-simplesignature'),
    },
    merchant.webhookSecret,
    deps.now(),
    deps.config.webhookToleranceSeconds ?? DEFAULT_TOLERANCE_SECONDS,
  );

/** How long a merchant that signed a delivery is kept, opened, for the next ones (ADR 0118). */
export const MERCHANT_KEPT_MS = 5_000;

/** Per service (its deps): X-Kushki-Key → the merchant that signed with it, and until when. */
const heard = new WeakMap<
  PaymentsDeps,
  Map<string, { merchant: MerchantCredentials; until: number }>
>();

function keptMerchant(deps: PaymentsDeps, key: string): MerchantCredentials | null {
  const entry = heard.get(deps)?.get(key);
  return entry && entry.until > performance.now() ? entry.merchant : null;
}

function keepMerchant(deps: PaymentsDeps, key: string, merchant: MerchantCredentials) {
  let merchants = heard.get(deps);
  if (!merchants) heard.set(deps, (merchants = new Map()));
  merchants.set(key, { merchant, until: performance.now() + MERCHANT_KEPT_MS });
}

/**
 * A sale is recorded with what it says and answered at once; the notice queue settles or
 * fails its payin after (ADR 0111), so the gateway does not redeliver while payments is busy.
 */
async function receiveSale(deps: PaymentsDeps, merchant: MerchantCredentials, sale: GatewaySale) {
  const payinId = sale.paymentId && isUuid(sale.paymentId) ? sale.paymentId : null;
  const fresh = await recordNotificationAmongOthers(deps.db, {
    publicMerchantId: merchant.publicMerchantId,
    ticketNumber: sale.ticketNumber,
    transactionType: 'SALE',
    transactionStatus: sale.status,
    payinId,
    ...(payinId ? { pendingSale: sale } : {}),
  });
  if (fresh && payinId) deps.notices.wake();
}

/**
 * A void or refund Kushki settled, recorded once: the reversal payments asked for moves the
 * books (ADR 0036); one it did not ask for (a mismatched sale's) is only logged.
 */
async function receiveReversal(
  deps: PaymentsDeps,
  merchant: MerchantCredentials,
  reversal: GatewayReversal,
) {
  const result = await deps.db.transaction(async (tx) => {
    const fresh = await recordNotification(tx, {
      publicMerchantId: merchant.publicMerchantId,
      ticketNumber: reversal.ticketNumber,
      transactionType: reversal.type,
      transactionStatus: reversal.status,
      payinId: reversal.paymentId && isUuid(reversal.paymentId) ? reversal.paymentId : null,
    });
    return fresh ? applyGatewayReversal(tx, merchant.publicMerchantId, reversal, deps.now()) : null;
  });
  if (result === 'not_ours') deps.logger.warn({ ...reversal }, 'gateway reversed a sale');
}

const isUuid = (v: string) =>
  /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(v);

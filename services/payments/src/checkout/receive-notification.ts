import { z } from 'zod';
import { badRequest, unauthenticated } from '@cuota/service-runtime/http/http-error';
import { merchantByPublicId } from '../gateway/gateway-credentials-repository';
import { recordNotification } from '../gateway/gateway-notification-repository';
import { parseGatewaySale } from '../gateway/kushki-gateway';
import { verifyKushkiSignature } from '../gateway/webhook-signature';
import type { PaymentsDeps } from '../payments-deps';
import { failCardPayin } from './fail-card-payin';
import { settleCardPayin } from './settle-card-payin';
import { voidMismatchedSale } from './void-mismatched-sale';

const BAD_SIGNATURE = 'La firma de la notificación no es válida.';
const STALE = 'La notificación tiene una fecha fuera de tiempo; no se procesa.';
const DEFAULT_TOLERANCE_SECONDS = 300;

export interface Delivery {
  rawBody: Buffer;
  header: (name: string) => string | undefined;
}

const notificationSchema = z.object({
  transactionType: z.string(),
  transactionStatus: z.string(),
  ticketNumber: z.string().min(1),
});

/**
 * The gateway's signed notification (mexico.md §3.9, ADR 0016): the merchant named in
 * X-Kushki-Key must have signed the raw body with its webhook secret, recently. Each ticket
 * is recorded once (five deliveries are one) in the same transaction that settles or fails
 * the payin, so a delivery either changed everything or nothing, and can be retried.
 */
export async function receiveNotification(deps: PaymentsDeps, delivery: Delivery): Promise<void> {
  const publicId = delivery.header('x-kushki-key');
  const merchant = publicId ? await merchantByPublicId(deps.db, deps.box, publicId) : null;
  if (!merchant) throw unauthenticated(BAD_SIGNATURE);
  const verdict = verifyKushkiSignature(
    {
      rawBody: delivery.rawBody,
      id: delivery.header('x-kushki-id'),
      signature: delivery.header('x-kushki-signature'),
    },
    merchant.webhookSecret,
    deps.now(),
    deps.config.webhookToleranceSeconds ?? DEFAULT_TOLERANCE_SECONDS,
  );
  if (verdict === 'invalid') throw unauthenticated(BAD_SIGNATURE);
  if (verdict === 'stale') throw unauthenticated(STALE);

  const json = safeJson(delivery.rawBody);
  const notice = notificationSchema.safeParse(json);
  const sale = parseGatewaySale(json);
  if (!notice.success || !sale) throw badRequest('La notificación no tiene la forma esperada.');
  const { transactionType, transactionStatus } = notice.data;
  const payinId = sale.paymentId && isUuid(sale.paymentId) ? sale.paymentId : null;

  const result = await deps.db.transaction(async (tx) => {
    const fresh = await recordNotification(tx, {
      publicMerchantId: merchant.publicMerchantId,
      ticketNumber: sale.ticketNumber,
      transactionType,
      transactionStatus,
      payinId,
    });
    if (!fresh || transactionType !== 'SALE' || !payinId) return null;
    if (transactionStatus === 'APPROVAL')
      return settleCardPayin(tx, payinId, sale, deps.now(), merchant.publicMerchantId);
    await failCardPayin(
      tx,
      payinId,
      {
        code: 'DECLINED',
        message: sale.responseText ?? 'La tarjeta fue declinada.',
      },
      merchant.publicMerchantId,
    );
    return null;
  });
  if (result?.kind === 'mismatch') await voidMismatchedSale(deps, merchant, sale.ticketNumber);
  if (transactionType !== 'SALE')
    deps.logger.warn(
      { ticketNumber: sale.ticketNumber, transactionType },
      'gateway reversed a sale; refunds are not handled automatically yet',
    );
}

function safeJson(raw: Buffer): unknown {
  try {
    return JSON.parse(raw.toString('utf8'));
  } catch {
    return undefined;
  }
}

const isUuid = (v: string) =>
  /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(v);

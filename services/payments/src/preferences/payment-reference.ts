import { bankOfClabe } from '@cuota/contracts/payments/clabe';
import type { PaymentInstructions } from '@cuota/contracts/payments/preferences';
import { conflict, HttpError } from '@cuota/service-runtime/http/http-error';
import { failCardPayin } from '../checkout/fail-card-payin';
import type { SchoolGateway } from '../gateway/school-gateways';
import { payinById, setPayinReference, type PayinRow } from '../payins/payin-repository';
import type { PaymentsDeps } from '../payments-deps';

export const REFERENCES_NOT_ACCEPTED =
  'La escuela aún no acepta pagos por transferencia o en efectivo en tienda. Paga en caja.';
const NO_REFERENCE =
  'No pudimos generar tu referencia de pago. Intenta de nuevo en unos minutos con el mismo botón.';

/** The merchant a school's SPEI and cash references are opened with: the card's (ADR 0089). */
export async function referenceGateway(
  deps: PaymentsDeps,
  schoolId: string,
): Promise<SchoolGateway> {
  try {
    return await deps.gateways.current(schoolId);
  } catch (err) {
    if (err instanceof HttpError && err.status === 409) throw conflict(REFERENCES_NOT_ACCEPTED);
    throw err;
  }
}

/**
 * A transfer or cash payin with its gateway reference (ADR 0089): asked of the gateway, outside
 * any transaction, only while the payin is pending without one. A refusal fails the payin
 * (billing reopens its orders) and answers 409 with Kushki's reason; no answer is 503, and the
 * same Idempotency-Key asks again.
 */
export async function referencedPayin(deps: PaymentsDeps, payinId: string): Promise<PayinRow> {
  const payin = (await payinById(deps.db, payinId))!;
  if (payin.paymentReference || payin.status !== 'pending') return payin;
  const { gateway } = await deps.gateways.of(payin.schoolId, payin.gatewayEnvironment!);
  const opened = await gateway
    .openReference({
      method: payin.type === 'TRANSFER_IN' ? 'transfer' : 'cash',
      amountCentavos: payin.amountCentavos,
      paymentId: payin.id,
    })
    .catch((err: unknown) => {
      deps.logger.warn({ payinId, err: String(err) }, 'gateway reference not opened');
      throw new HttpError(503, 'SERVICE_UNAVAILABLE', NO_REFERENCE);
    });
  if ('refused' in opened) {
    const error = { code: 'REFERENCE_REFUSED', message: opened.refused };
    await deps.db.transaction((tx) => failCardPayin(tx, payin.id, error, payin.publicMerchantId!));
    throw conflict(opened.refused);
  }
  return deps.db.transaction((tx) => setPayinReference(tx, payin.id, opened));
}

/** What the family reads to pay: the exact amount, the reference, the CLABE and its bank. */
export function instructionsOf(payin: PayinRow): PaymentInstructions | null {
  if (!payin.paymentReference || !payin.referenceExpiresAt) return null;
  const status =
    payin.status === 'success' ? 'success' : payin.status === 'pending' ? 'pending' : 'failed';
  return {
    payin_id: payin.id,
    method: payin.type === 'TRANSFER_IN' ? 'transfer' : 'cash',
    status,
    amount_centavos: payin.amountCentavos,
    reference: payin.paymentReference,
    clabe: payin.clabe,
    bank: payin.clabe ? bankOfClabe(payin.clabe) : null,
    expires_at: payin.referenceExpiresAt.toISOString(),
  };
}

import { Card } from '@cuota/ui/card';
import { MoneyText } from '@cuota/ui/money-text';
import { PaymentDeclined } from '@cuota/ui/card-form/payment-declined';
import { Notice } from '@cuota/ui/notice';
import { PaymentInstructionsCard } from '@cuota/ui/payment-instructions';
import { Spinner } from '@cuota/ui/spinner';
import { storeCheckoutApi, useStoreCheckoutStatusQuery } from '../api/store-checkout-api';

/** How often the page asks whether the gateway's notification has settled the purchase. */
const POLL_MS = 1500;
/** A SPEI reference or cash voucher is paid in minutes or days: asked less often. */
const REFERENCE_POLL_MS = 10_000;

const AFTER_PAYMENT =
  'Cuando llegue tu pago te enviaremos la confirmación de tu compra por correo. Un monto distinto o una referencia vencida no se aplican.';

/**
 * Follows a store purchase until the gateway's signed notification settles it; a SPEI or cash
 * purchase shows how to pay it meanwhile (ADR 0106).
 */
export function PurchaseProgress({ schoolId, paymentId }: { schoolId: string; paymentId: string }) {
  const args = { schoolId, paymentId };
  // What is cached decides whether to keep asking: a settled purchase is not polled again.
  const cached = storeCheckoutApi.endpoints.storeCheckoutStatus.useQueryState(args).data;
  const settled = cached && cached.status !== 'pending';
  const every = cached?.instructions ? REFERENCE_POLL_MS : POLL_MS;
  const { data } = useStoreCheckoutStatusQuery(args, { pollingInterval: settled ? 0 : every });
  if (data?.instructions && data.status === 'pending')
    return (
      <Card title="Tu referencia de pago" focusTitle>
        <PaymentInstructionsCard instructions={data.instructions} afterPayment={AFTER_PAYMENT} />
      </Card>
    );
  if (!data || data.status === 'pending')
    return <Spinner label="Estamos confirmando tu pago con el banco…" />;
  if (data.status === 'success')
    return (
      <Card title="¡Compra confirmada!" focusTitle>
        <Notice tone="success">
          <p>
            Pagaste <MoneyText centavos={data.total_centavos} />
            {data.card && ` con tu tarjeta terminación ${data.card.last4}`}. Folio de tu
            comprobante: {data.receipt_number}. La escuela te avisará cuando tu pedido esté listo
            para entregarse.
          </p>
        </Notice>
      </Card>
    );
  return <PaymentDeclined message={data.error?.message} />;
}

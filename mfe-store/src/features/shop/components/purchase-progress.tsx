import { Card } from '@cuota/ui/card';
import { MoneyText } from '@cuota/ui/money-text';
import { PaymentDeclined } from '@cuota/ui/card-form/payment-declined';
import { Notice } from '@cuota/ui/notice';
import { Spinner } from '@cuota/ui/spinner';
import { storeCheckoutApi, useStoreCheckoutStatusQuery } from '../api/store-checkout-api';

/** How often the page asks whether the gateway's notification has settled the purchase. */
const POLL_MS = 1500;

/** Follows a store purchase until the gateway's signed notification settles it. */
export function PurchaseProgress({ schoolId, paymentId }: { schoolId: string; paymentId: string }) {
  const args = { schoolId, paymentId };
  // What is cached decides whether to keep asking: a settled purchase is not polled again.
  const cached = storeCheckoutApi.endpoints.storeCheckoutStatus.useQueryState(args).data;
  const settled = cached && cached.status !== 'pending';
  const { data } = useStoreCheckoutStatusQuery(args, { pollingInterval: settled ? 0 : POLL_MS });
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

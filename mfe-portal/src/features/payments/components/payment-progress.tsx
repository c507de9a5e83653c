import { useEffect } from 'react';
import { Card } from '@cuota/ui/card';
import { MoneyText } from '@cuota/ui/money-text';
import { PaymentDeclined } from '@cuota/ui/card-form/payment-declined';
import { Notice } from '@cuota/ui/notice';
import { Spinner } from '@cuota/ui/spinner';
import { portalPaymentsApi, usePaymentStatusQuery } from '../api/portal-payments-api';

/** How often the page asks whether the gateway's notification has settled the payment. */
const POLL_MS = 1500;

/** Follows a card payment until it settles, without a reload. */
export function PaymentProgress({
  paymentId,
  onSettled,
}: {
  paymentId: string;
  onSettled: (paid: boolean) => void;
}) {
  // What is cached decides whether to keep asking: a settled payment is not polled again.
  const cached = portalPaymentsApi.endpoints.paymentStatus.useQueryState(paymentId).data;
  const settled = cached && cached.status !== 'pending' ? cached.status : null;
  const payment = usePaymentStatusQuery(paymentId, {
    pollingInterval: settled ? 0 : POLL_MS,
  }).data;
  useEffect(() => {
    if (settled) onSettled(settled === 'success');
  }, [settled, onSettled]);

  if (!payment || payment.status === 'pending')
    return <Spinner label="Estamos confirmando tu pago con el banco…" />;
  if (payment.status === 'success')
    return (
      <Card title="¡Pago recibido!" focusTitle>
        <Notice tone="success">
          <p>
            Pagaste <MoneyText centavos={payment.amount_centavos} />
            {payment.card && ` con tu tarjeta terminación ${payment.card.last4}`}. Tu comprobante y
            tu factura estarán en el historial de pagos.
          </p>
        </Notice>
      </Card>
    );
  return <PaymentDeclined message={payment.error?.message} />;
}

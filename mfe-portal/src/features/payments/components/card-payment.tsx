import { useState } from 'react';
import styled from 'styled-components';
import type { Checkout } from '@cuota/contracts/payments/checkout';
import { Button } from '@cuota/ui/button';
import { Card } from '@cuota/ui/card';
import { ErrorState } from '@cuota/ui/error-state';
import { formatMoney, centavosToDecimal } from '@cuota/ui/money';
import { Notice } from '@cuota/ui/notice';
import { Spinner } from '@cuota/ui/spinner';
import { readError } from '@cuota/web-core/api/api-error';
import { newIdempotencyKey } from '@cuota/web-core/api/endpoint-request';
import { useCardFormSettingsQuery, useCheckoutMutation } from '../api/portal-payments-api';
import { PaymentProgress } from './payment-progress';
import { useCardForm, type CardToken } from './use-card-form';

const Frame = styled.iframe`
  width: 100%;
  border: none;
`;

interface Props {
  schoolId: string;
  items: Checkout['items'];
  totalCentavos: number;
  onSettled: (paid: boolean) => void;
}

/** The card form's address for this school and amount (the gateway checks the parent). */
function formSrc(formUrl: string, merchant: string, totalCentavos: number): string {
  const url = new URL(formUrl);
  url.searchParams.set('publicMerchantId', merchant);
  url.searchParams.set('amount', centavosToDecimal(totalCentavos));
  url.searchParams.set('currency', 'MXN');
  url.searchParams.set('parentOrigin', window.location.origin);
  return url.href;
}

/**
 * Pays the selection by card: the gateway's form tokenises in its iframe, the token goes to
 * checkout with one Idempotency-Key per attempt (kept when the answer was lost), and the page
 * follows the payment until the gateway's signed notification settles it.
 */
export function CardPayment({ schoolId, items, totalCentavos, onSettled }: Props) {
  const settings = useCardFormSettingsQuery(schoolId);
  const [checkout, checkoutResult] = useCheckoutMutation();
  const [key, setKey] = useState(newIdempotencyKey);
  const [problem, setProblem] = useState<string | null>(null);
  const [paymentId, setPaymentId] = useState<string | null>(null);
  const formUrl = settings.data?.form_url ?? null;
  const pay = async (card: CardToken) => {
    setProblem(null);
    const answer = await checkout({
      idempotencyKey: key,
      payment: { school_id: schoolId, items, card: { token: card.token } },
    });
    if ('data' in answer && answer.data) return setPaymentId(answer.data.id);
    const error = readError(answer.error);
    setProblem(error.message);
    // A refusal is final for this key; a lost answer is retried with the same one.
    if (error.status !== null && error.status < 500) setKey(newIdempotencyKey());
  };
  const { setFrame, valid, height, submit, ...form } = useCardForm(
    formUrl && new URL(formUrl).origin,
    (card) => void pay(card),
  );

  if (paymentId) return <PaymentProgress paymentId={paymentId} onSettled={onSettled} />;
  if (settings.isLoading) return <Spinner label="Preparando el pago con tarjeta…" />;
  if (settings.error || !settings.data)
    return (
      <ErrorState
        message={readError(settings.error).message}
        onRetry={() => void settings.refetch()}
      />
    );
  const busy = form.busy || checkoutResult.isLoading;
  return (
    <Card title="Pago con tarjeta" focusTitle>
      <p>Escribe los datos de tu tarjeta. Tu escuela nunca ve el número de tu tarjeta.</p>
      <Frame
        ref={setFrame}
        title="Datos de la tarjeta"
        src={formSrc(settings.data.form_url, settings.data.public_merchant_id, totalCentavos)}
        style={{ height }}
      />
      {(problem ?? form.error) && (
        <Notice tone="error">
          <p role="alert">{problem ?? form.error}</p>
        </Notice>
      )}
      <Button disabled={!valid || busy} onClick={submit}>
        {busy ? 'Procesando…' : `Pagar ${formatMoney(totalCentavos)}`}
      </Button>
    </Card>
  );
}

import { useRef, useState } from 'react';
import type { Checkout } from '@cuota/contracts/payments/checkout';
import { Button } from '@cuota/ui/button';
import { Card } from '@cuota/ui/card';
import { ErrorState } from '@cuota/ui/error-state';
import { formatMoney } from '@cuota/ui/money';
import { Notice } from '@cuota/ui/notice';
import { Spinner } from '@cuota/ui/spinner';
import { readError } from '@cuota/web-core/api/api-error';
import { newIdempotencyKey } from '@cuota/web-core/api/endpoint-request';
import { useCardFormSettingsQuery, useCheckoutMutation } from '../api/portal-payments-api';
import { CardForm } from './card-form';
import type { CardFormHandle, CardFormState, CardToken } from '@cuota/ui/card-form/card-form-types';
import { PaymentProgress } from './payment-progress';

interface Props {
  schoolId: string;
  items: Checkout['items'];
  totalCentavos: number;
  onSettled: (paid: boolean) => void;
}

/**
 * Pays the selection by card: the school's card form (Kushki's hosted fields, or the local
 * sandbox's form) tokenises, the token goes to checkout with one Idempotency-Key per attempt
 * (kept when the answer was lost), and the page follows the payment until the gateway's
 * signed notification settles it.
 */
export function CardPayment({ schoolId, items, totalCentavos, onSettled }: Props) {
  const settings = useCardFormSettingsQuery(schoolId);
  const [checkout, checkoutResult] = useCheckoutMutation();
  const [key, setKey] = useState(newIdempotencyKey);
  const [problem, setProblem] = useState<string | null>(null);
  const [paymentId, setPaymentId] = useState<string | null>(null);
  const form = useRef<CardFormHandle>(null);
  const [formState, setFormState] = useState<CardFormState>({
    valid: false,
    busy: false,
    error: null,
  });
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

  if (paymentId) return <PaymentProgress paymentId={paymentId} onSettled={onSettled} />;
  if (settings.isLoading) return <Spinner label="Preparando el pago con tarjeta…" />;
  if (settings.error || !settings.data)
    return (
      <ErrorState
        message={readError(settings.error).message}
        onRetry={() => void settings.refetch()}
      />
    );
  if (settings.data.kind === 'refused')
    return (
      <Notice tone="warning">
        <p role="alert">{settings.data.message}</p>
      </Notice>
    );
  const busy = formState.busy || checkoutResult.isLoading;
  return (
    <Card title="Pago con tarjeta" focusTitle>
      <p>Escribe los datos de tu tarjeta. Tu escuela nunca ve el número de tu tarjeta.</p>
      <CardForm
        ref={form}
        settings={settings.data}
        totalCentavos={totalCentavos}
        onState={setFormState}
        onToken={(card) => void pay(card)}
      />
      {(problem ?? formState.error) && (
        <Notice tone="error">
          <p role="alert">{problem ?? formState.error}</p>
        </Notice>
      )}
      <Button disabled={!formState.valid || busy} onClick={() => form.current?.submit()}>
        {busy ? 'Procesando…' : `Pagar ${formatMoney(totalCentavos)}`}
      </Button>
    </Card>
  );
}

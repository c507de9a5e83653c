import { useState } from 'react';
import type { SubscriptionView } from '@cuota/contracts/billing/subscriptions';
import type { CardSubscription } from '@cuota/contracts/payments/card-subscriptions';
import { Button } from '@cuota/ui/button';
import { Card } from '@cuota/ui/card';
import { formatPeriod } from '@cuota/ui/dates';
import { DateText } from '@cuota/ui/date-text';
import { FormError, FormRow } from '@cuota/ui/form-pieces';
import { MoneyText } from '@cuota/ui/money-text';
import { readError } from '@cuota/web-core/api/api-error';
import { useUnsubscribeMutation } from '../api/subscriptions-api';
import { CardPaymentSection } from './card-payment-section';

interface Props {
  subscription: SubscriptionView;
  /** The card paying it; undefined when none was given (or cards could not be read). */
  card: CardSubscription | undefined;
}

/**
 * One active subscription: its price, its next payment, how it is paid (a card kept for it,
 * ADR 0070), and cancelling it (confirmed).
 */
export function SubscriptionCard({ subscription: s, card }: Props) {
  const [confirming, setConfirming] = useState(false);
  const [cancel, canceling] = useUnsubscribeMutation();
  const title = `${s.concept_name} · ${s.student.name}`;
  return (
    <Card title={title} aria-label={`${s.concept_name} de ${s.student.name}`}>
      <p>
        <MoneyText centavos={s.price_centavos} /> al mes · desde {formatPeriod(s.from_period)}
      </p>
      <p>
        {s.next_payment ? (
          <>
            Próximo pago: {formatPeriod(s.next_payment.period)}, vence el{' '}
            <DateText date={s.next_payment.due_on} />
          </>
        ) : (
          'Al corriente'
        )}
      </p>
      <CardPaymentSection subscription={s} card={card} />
      {confirming ? (
        <>
          <p>
            ¿Cancelar {s.concept_name} de {s.student.name}? Dejaremos de cobrar los meses por venir
            que no estén pagados; lo ya pagado se conserva.
          </p>
          {canceling.error && <FormError>{readError(canceling.error).message}</FormError>}
          <FormRow>
            <Button
              disabled={canceling.isLoading}
              onClick={() => void cancel({ schoolId: s.school_id, id: s.id })}
            >
              Sí, cancelar suscripción
            </Button>
            <Button variant="ghost" onClick={() => setConfirming(false)}>
              No, conservarla
            </Button>
          </FormRow>
        </>
      ) : (
        <FormRow>
          <Button variant="secondary" onClick={() => setConfirming(true)}>
            Cancelar suscripción
          </Button>
        </FormRow>
      )}
    </Card>
  );
}

import { useRef, useState } from 'react';
import type { SubscriptionView } from '@cuota/contracts/billing/subscriptions';
import { Button } from '@cuota/ui/button';
import { FormError, FormRow } from '@cuota/ui/form-pieces';
import { Notice } from '@cuota/ui/notice';
import { Spinner } from '@cuota/ui/spinner';
import { readError } from '@cuota/web-core/api/api-error';
import { useCardFormSettingsQuery } from '../../payments/api/portal-payments-api';
import { CardForm } from '../../payments/components/card-form';
import type {
  CardFormHandle,
  CardFormState,
  CardToken,
} from '../../payments/components/card-form-types';
import { useGiveCardMutation } from '../api/subscriptions-api';

interface Props {
  subscription: SubscriptionView;
  onClose: () => void;
}

/**
 * The card form checkout uses (Kushki's hosted fields, or the sandbox's), for a card kept to
 * pay the subscription each month (ADR 0070): its one-time token goes to payments, which
 * keeps the card at the gateway. Nothing is charged until the month comes.
 */
export function CardStep({ subscription: s, onClose }: Props) {
  const settings = useCardFormSettingsQuery(s.school_id);
  const [giveCard, giving] = useGiveCardMutation();
  const form = useRef<CardFormHandle>(null);
  const [formState, setFormState] = useState<CardFormState>({
    valid: false,
    busy: false,
    error: null,
  });
  const save = async (card: CardToken) => {
    const answer = await giveCard({
      schoolId: s.school_id,
      card: {
        subscription_id: s.id,
        student_id: s.student.id,
        concept_id: s.concept_id,
        token: card.token,
      },
    });
    if ('data' in answer && answer.data) onClose();
  };

  if (settings.isLoading) return <Spinner label="Preparando el formulario de la tarjeta…" />;
  if (settings.error || !settings.data)
    return <FormError>{readError(settings.error).message}</FormError>;
  if (settings.data.kind === 'refused')
    return (
      <Notice tone="warning">
        <p role="alert">{settings.data.message}</p>
      </Notice>
    );
  const busy = formState.busy || giving.isLoading;
  const problem = giving.error ? readError(giving.error).message : formState.error;
  return (
    <>
      <p>
        Cada mes cobraremos a esta tarjeta lo que se deba de {s.concept_name}. Tu escuela nunca ve
        el número de tu tarjeta.
      </p>
      <CardForm
        ref={form}
        settings={settings.data}
        totalCentavos={s.price_centavos}
        onState={setFormState}
        onToken={(card) => void save(card)}
      />
      {problem && <FormError>{problem}</FormError>}
      <FormRow>
        <Button disabled={!formState.valid || busy} onClick={() => form.current?.submit()}>
          {busy ? 'Guardando…' : 'Guardar tarjeta'}
        </Button>
        <Button variant="ghost" onClick={onClose}>
          Ahora no
        </Button>
      </FormRow>
    </>
  );
}

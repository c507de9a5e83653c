import { use } from 'react';
import type { SubscriptionView } from '@cuota/contracts/billing/subscriptions';
import { readError } from '@cuota/web-core/api/api-error';
import { useGiveCardMutation } from '../api/subscriptions-api';
import { CardEntryContext } from './card-entry';

interface Props {
  subscription: SubscriptionView;
  onClose: () => void;
}

/**
 * A card kept to pay the subscription each month (ADR 0070): the card form's one-time token
 * goes to payments, which keeps the card at the gateway. Nothing is charged until the month
 * comes.
 */
export function CardStep({ subscription: s, onClose }: Props) {
  const cardEntry = use(CardEntryContext);
  const [giveCard, giving] = useGiveCardMutation();
  if (!cardEntry) return null;
  const save = async (token: string) => {
    const answer = await giveCard({
      schoolId: s.school_id,
      card: { subscription_id: s.id, student_id: s.student.id, concept_id: s.concept_id, token },
    });
    if ('data' in answer && answer.data) onClose();
  };
  return (
    <>
      <p>
        Cada mes cobraremos a esta tarjeta lo que se deba de {s.concept_name}. Tu escuela nunca ve
        el número de tu tarjeta.
      </p>
      {cardEntry({
        schoolId: s.school_id,
        totalCentavos: s.price_centavos,
        submitLabel: 'Guardar tarjeta',
        sending: giving.isLoading,
        problem: giving.error ? readError(giving.error).message : null,
        onToken: (token) => void save(token),
        onCancel: onClose,
      })}
    </>
  );
}

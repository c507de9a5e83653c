import { use, useState } from 'react';
import type { SubscriptionView } from '@cuota/contracts/billing/subscriptions';
import type { CardSubscription } from '@cuota/contracts/payments/card-subscriptions';
import { Button } from '@cuota/ui/button';
import { FormError, FormRow } from '@cuota/ui/form-pieces';
import { readError } from '@cuota/web-core/api/api-error';
import { useRemoveCardMutation } from '../api/subscriptions-api';
import { CardChargeLine } from './card-charge-line';
import { CardEntryContext } from './card-entry';
import { CardStep } from './card-step';

interface Props {
  subscription: SubscriptionView;
  /** The card paying it (any status), if one was ever given. */
  card: CardSubscription | undefined;
}

/** How the subscription is paid: the card kept for it, or «Pagar con tarjeta cada mes». */
export function CardPaymentSection({ subscription: s, card }: Props) {
  const [adding, setAdding] = useState(false);
  const [remove, removing] = useRemoveCardMutation();
  const mayAddCard = use(CardEntryContext) !== null;
  if (adding) return <CardStep subscription={s} onClose={() => setAdding(false)} />;
  if (card?.status !== 'ACTIVE')
    return (
      mayAddCard && (
        <FormRow>
          <Button variant="secondary" onClick={() => setAdding(true)}>
            Pagar con tarjeta cada mes
          </Button>
        </FormRow>
      )
    );
  return (
    <>
      <p>
        Se cobra cada mes a tu tarjeta {card.card.brand} terminada en {card.card.last_four}.
      </p>
      <CardChargeLine charge={card.charges[0]} />
      {removing.error && <FormError>{readError(removing.error).message}</FormError>}
      <FormRow>
        <Button
          variant="ghost"
          disabled={removing.isLoading}
          onClick={() => void remove({ schoolId: s.school_id, id: s.id })}
        >
          Quitar tarjeta
        </Button>
      </FormRow>
    </>
  );
}

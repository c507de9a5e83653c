import { useState } from 'react';
import styled from 'styled-components';
import type { Subscribable } from '@cuota/contracts/billing/subscriptions';
import { Button } from '@cuota/ui/button';
import { Card } from '@cuota/ui/card';
import { FormError, FormRow } from '@cuota/ui/form-pieces';
import { MoneyText } from '@cuota/ui/money-text';
import { Notice } from '@cuota/ui/notice';
import { readError } from '@cuota/web-core/api/api-error';
import {
  loadSubscriptionSelection,
  saveSubscriptionSelection,
  type SubscriptionSelectionItem,
} from '@cuota/web-core/payment-selection/selection-storage';
import { useSubscribeMutation } from '../api/subscriptions-api';
import { monthsText } from '../utils/months';

const Choice = styled.label`
  display: flex;
  gap: ${({ theme }) => theme.space(2)};
  align-items: flex-start;
  padding: ${({ theme }) => theme.space(2)} 0;
  input {
    min-width: 24px;
    min-height: 24px;
  }
`;

const keyOf = (s: Pick<Subscribable, 'student_id' | 'concept_id'>) =>
  `${s.student_id}:${s.concept_id}`;

/** The pair picked, kept as `subscribables-selection` (spec §3) so a reload keeps it. */
function usePickedOffer(offers: Subscribable[]) {
  const [chosen, setChosen] = useState<SubscriptionSelectionItem[]>(loadSubscriptionSelection);
  const pick = (offer: Subscribable | null) => {
    const items = offer
      ? [
          {
            concept_id: offer.concept_id,
            student_id: offer.student_id,
            concept_price: offer.concept_price,
          },
        ]
      : [];
    setChosen(items);
    saveSubscriptionSelection(items);
  };
  const keys = new Set(chosen.map(keyOf));
  return [offers.find((o) => keys.has(keyOf(o))) ?? null, pick] as const;
}

/**
 * Subscribing a student to an optional service. Spec §4: one concept/student pair at a time;
 * once one is picked the others are disabled until it is cleared.
 */
export function SubscribeForm({ schoolId, offers }: { schoolId: string; offers: Subscribable[] }) {
  const [picked, setPicked] = usePickedOffer(offers);
  const [done, setDone] = useState<string | null>(null);
  const [subscribe, sending] = useSubscribeMutation();
  const send = async () => {
    if (!picked) return;
    const res = await subscribe({
      schoolId,
      pair: { student_id: picked.student_id, concept_id: picked.concept_id },
    });
    if ('data' in res) {
      setDone(`${picked.student_name} quedó suscrito a ${picked.concept_name}.`);
      setPicked(null);
    }
  };
  return (
    <Card title="Suscribir a un servicio">
      {done && (
        <Notice tone="success">
          <p>{done}</p>
        </Notice>
      )}
      {offers.length === 0 ? (
        <p>No hay servicios opcionales disponibles para tus alumnos en este momento.</p>
      ) : (
        <fieldset>
          <legend>Elige un servicio para un alumno</legend>
          {offers.map((o) => (
            <Choice key={keyOf(o)}>
              <input
                type="checkbox"
                checked={picked !== null && keyOf(picked) === keyOf(o)}
                disabled={picked !== null && keyOf(picked) !== keyOf(o)}
                onChange={(e) => setPicked(e.target.checked ? o : null)}
              />
              <span>
                <strong>
                  {o.concept_name} · {o.student_name}
                </strong>
                <br />
                <MoneyText centavos={o.concept_price} /> al mes · se cobra {monthsText(o.months)}
              </span>
            </Choice>
          ))}
        </fieldset>
      )}
      {picked && (
        <p>
          Total: <MoneyText centavos={picked.concept_price} /> al mes por{' '}
          {monthsText(picked.months)}
        </p>
      )}
      {sending.error && <FormError>{readError(sending.error).message}</FormError>}
      {offers.length > 0 && (
        <FormRow>
          <Button disabled={!picked || sending.isLoading} onClick={() => void send()}>
            Suscribir
          </Button>
          {picked && (
            <Button variant="ghost" onClick={() => setPicked(null)}>
              Quitar selección
            </Button>
          )}
        </FormRow>
      )}
    </Card>
  );
}

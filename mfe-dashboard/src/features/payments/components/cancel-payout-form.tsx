import { useState, type FormEvent } from 'react';
import type { PayoutDetail } from '@cuota/contracts/payments/payouts';
import { Button } from '@cuota/ui/button';
import { Card } from '@cuota/ui/card';
import { FormColumn, FormError, FormRow } from '@cuota/ui/form-pieces';
import { MoneyText } from '@cuota/ui/money-text';
import { TextAreaField } from '@cuota/ui/text-field';
import { readError } from '@cuota/web-core/api/api-error';
import { useCancelPayoutMutation } from '../api/payouts-api';

const SHORT_REASON = 'Escribe el motivo de la cancelación (al menos 5 caracteres).';

/**
 * Cancels a payout that has not left (ADR 0056): a reason, then a second, explicit
 * confirmation, because its money then waits for the next payout.
 */
export function CancelPayoutForm({ payout }: { payout: PayoutDetail }) {
  const [reason, setReason] = useState('');
  const [confirming, setConfirming] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [cancel, canceling] = useCancelPayoutMutation();

  const ask = (event: FormEvent) => {
    event.preventDefault();
    if (reason.trim().length < 5) return setProblem(SHORT_REASON);
    setProblem(null);
    setConfirming(true);
  };
  const confirm = async () => {
    const answer = await cancel({ payoutId: payout.id, reason });
    setConfirming(false);
    if ('error' in answer) setProblem(readError(answer.error).message);
  };
  return (
    <Card title="Cancelar dispersión">
      <FormColumn aria-label="Cancelar dispersión" onSubmit={ask}>
        <p>La dispersión no se envía. Sus pagos pasan a la siguiente dispersión que se programe.</p>
        <TextAreaField
          label="Motivo"
          value={reason}
          maxLength={300}
          disabled={confirming}
          onChange={(e) => setReason(e.target.value)}
        />
        {problem && <FormError>{problem}</FormError>}
        {confirming ? (
          <div role="alertdialog" aria-label="Confirmar cancelación">
            <p>
              ¿Cancelar la dispersión de <MoneyText centavos={payout.net_centavos} />?
            </p>
            <FormRow>
              <Button disabled={canceling.isLoading} onClick={() => void confirm()}>
                {canceling.isLoading ? 'Cancelando…' : 'Sí, cancelar dispersión'}
              </Button>
              <Button variant="secondary" onClick={() => setConfirming(false)}>
                No, conservarla
              </Button>
            </FormRow>
          </div>
        ) : (
          <Button type="submit" variant="secondary">
            Cancelar dispersión
          </Button>
        )}
      </FormColumn>
    </Card>
  );
}

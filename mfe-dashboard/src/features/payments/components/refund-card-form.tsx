import { useState, type FormEvent } from 'react';
import type { Payin } from '@cuota/contracts/payments/payins';
import { Button } from '@cuota/ui/button';
import { Card } from '@cuota/ui/card';
import { FormColumn } from '@cuota/ui/form-pieces';
import { formatMoney } from '@cuota/ui/money';
import { readError } from '@cuota/web-core/api/api-error';
import { newIdempotencyKey } from '@cuota/web-core/api/endpoint-request';
import { useGrant } from '@cuota/web-core/session/use-grant';
import { useRefundCardMutation } from '../api/payments-api';
import { CorrectionFields } from './correction-fields';

/**
 * Gives a card payment back to the card (ADR 0036): the whole payment (a void on its day, a
 * refund after) or part of it. The gateway confirms later; the service decides everything.
 * One key per refund asked for, so a repeated click is the same refund. When the payment's
 * credit was already spent on other orders the service warns first; refunding anyway leaves
 * the family owing that credit.
 */
export function RefundCardForm({ payin }: { payin: Payin }) {
  const canRefund = useGrant('payments.refund');
  const [amount, setAmount] = useState<number | null>(payin.amount_centavos);
  const [reason, setReason] = useState('');
  const [key, setKey] = useState(newIdempotencyKey);
  const [problem, setProblem] = useState<string | null>(null);
  const [creditSpent, setCreditSpent] = useState<string | null>(null);
  const [refund, refunded] = useRefundCardMutation();

  const ask = async (confirmCreditSpent: boolean) => {
    if (!amount || amount <= 0) return setProblem('Escribe el monto a reembolsar, mayor que cero.');
    if (reason.trim().length < 5)
      return setProblem('Escribe el motivo del reembolso (al menos 5 caracteres).');
    setProblem(null);
    setCreditSpent(null);
    const answer = await refund({
      schoolId: payin.school_id,
      idempotencyKey: key,
      body: {
        payin_id: payin.id,
        reason,
        // The full amount asks for all that is left of the payment.
        ...(amount === payin.amount_centavos ? {} : { amount_centavos: amount }),
        ...(confirmCreditSpent ? { confirm_credit_spent: true } : {}),
      },
    });
    if ('error' in answer) {
      const error = readError(answer.error);
      if (error.code === 'CREDIT_SPENT_NOT_CONFIRMED') return setCreditSpent(error.message);
      return setProblem(error.message);
    }
    setKey(newIdempotencyKey());
    if (answer.data.status === 'declined') setProblem(answer.data.error_message);
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    void ask(false);
  };
  if (!canRefund) return null;
  const asked = refunded.data?.status === 'pending' ? refunded.data : null;
  return (
    <Card title="Reembolsar">
      <FormColumn aria-label="Reembolsar" onSubmit={submit}>
        <p>
          El dinero vuelve a la tarjeta de la familia. El mismo día del pago se anula completo;
          después se reembolsa todo o una parte.
        </p>
        <CorrectionFields
          amount={{
            label: 'Monto a reembolsar',
            hint: 'Déjalo completo para reembolsar todo lo que queda del pago.',
            value: amount,
            onChange: setAmount,
          }}
          reason={reason}
          onReason={setReason}
          problem={problem}
        />
        {creditSpent && (
          <div role="alert">
            <p>{creditSpent}</p>
            <Button
              variant="secondary"
              disabled={refunded.isLoading}
              onClick={() => void ask(true)}
            >
              Reembolsar de todos modos
            </Button>
          </div>
        )}
        {asked && (
          <p role="status">
            Reembolso de {formatMoney(asked.amount_centavos)} solicitado. La pasarela confirmará la
            devolución y entonces se reabren los cargos.
          </p>
        )}
        <Button type="submit" disabled={refunded.isLoading}>
          {refunded.isLoading ? 'Reembolsando…' : 'Reembolsar'}
        </Button>
      </FormColumn>
    </Card>
  );
}

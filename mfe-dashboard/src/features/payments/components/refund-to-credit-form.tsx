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

/** What the payin paid of orders: all a refund to credit can take off them. */
const allocatedOf = (payin: Payin) =>
  payin.allocations.reduce((s, a) => s + a.base_centavos + a.late_fee_centavos, 0);

/**
 * Gives a SPEI transfer's or store cash's money back to the family's credit balance (ADR
 * 0099): the orders it paid owe again and the money stays as credit, applied to the family's
 * next orders. Applied at once; one key per refund asked for, so a repeated click is one.
 */
export function RefundToCreditForm({ payin }: { payin: Payin }) {
  const canRefund = useGrant('payments.refund');
  const [amount, setAmount] = useState<number | null>(allocatedOf(payin));
  const [reason, setReason] = useState('');
  const [key, setKey] = useState(newIdempotencyKey);
  const [problem, setProblem] = useState<string | null>(null);
  const [refund, refunded] = useRefundCardMutation();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!amount || amount <= 0) return setProblem('Escribe el monto a devolver, mayor que cero.');
    if (reason.trim().length < 5)
      return setProblem('Escribe el motivo de la devolución (al menos 5 caracteres).');
    setProblem(null);
    const answer = await refund({
      schoolId: payin.school_id,
      idempotencyKey: key,
      body: {
        payin_id: payin.id,
        reason,
        to: 'credit',
        ...(amount === allocatedOf(payin) ? {} : { amount_centavos: amount }),
      },
    });
    if ('error' in answer) return setProblem(readError(answer.error).message);
    setKey(newIdempotencyKey());
  };
  if (!canRefund || allocatedOf(payin) === 0) return null;
  const done = refunded.data?.status === 'applied' ? refunded.data : null;
  return (
    <Card title="Devolver a saldo a favor">
      <FormColumn aria-label="Devolver a saldo a favor" onSubmit={(e) => void submit(e)}>
        <p>
          Este dinero llegó por transferencia o en tienda y ya está en la cuenta de la escuela. Se
          quita de los cargos que pagó, que vuelven a quedar pendientes, y queda como saldo a favor
          de la familia para sus próximos cargos.
        </p>
        <CorrectionFields
          amount={{
            label: 'Monto a devolver',
            hint: 'Déjalo completo para devolver todo lo que el pago abonó a cargos.',
            value: amount,
            onChange: setAmount,
          }}
          reason={reason}
          onReason={setReason}
          problem={problem}
        />
        {done && (
          <p role="status">
            Se devolvieron {formatMoney(done.amount_centavos)} al saldo a favor de la familia. Los
            cargos volvieron a quedar pendientes.
          </p>
        )}
        <Button type="submit" disabled={refunded.isLoading}>
          {refunded.isLoading ? 'Devolviendo…' : 'Devolver a saldo a favor'}
        </Button>
      </FormColumn>
    </Card>
  );
}

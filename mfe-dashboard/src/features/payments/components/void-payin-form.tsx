import { useState, type FormEvent } from 'react';
import type { Payin } from '@cuota/contracts/payments/payins';
import { Button } from '@cuota/ui/button';
import { Card } from '@cuota/ui/card';
import { FormColumn } from '@cuota/ui/form-pieces';
import { readError } from '@cuota/web-core/api/api-error';
import { useGrant } from '@cuota/web-core/session/use-grant';
import { useVoidPayinMutation } from '../api/payments-api';
import { CorrectionFields } from './correction-fields';

/**
 * Undoes a desk payment (ADR 0036): the reason is required, and the books get a reversal,
 * never an edit. The service decides who may (the cashier's own of the day, or a refund
 * permission) and says so in Spanish.
 */
export function VoidPayinForm({ payin }: { payin: Payin }) {
  const canCollect = useGrant('payments.collect');
  const [reason, setReason] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [voidIt, voided] = useVoidPayinMutation();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (reason.trim().length < 5)
      return setProblem('Escribe el motivo de la anulación (al menos 5 caracteres).');
    setProblem(null);
    const answer = await voidIt({ schoolId: payin.school_id, payinId: payin.id, reason });
    if ('error' in answer) setProblem(readError(answer.error).message);
  };
  if (!canCollect) return null;
  return (
    <Card title="Anular pago">
      <FormColumn aria-label="Anular pago" onSubmit={(e) => void submit(e)}>
        <p>
          Anular devuelve el dinero de caja y reabre los cargos que pagó. Queda registrado quién lo
          anuló y por qué.
        </p>
        <CorrectionFields reason={reason} onReason={setReason} problem={problem} />
        <Button type="submit" disabled={voided.isLoading}>
          {voided.isLoading ? 'Anulando…' : 'Anular pago'}
        </Button>
      </FormColumn>
    </Card>
  );
}

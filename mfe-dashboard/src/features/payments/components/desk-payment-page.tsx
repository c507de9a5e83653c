import { useState, type FormEvent } from 'react';
import type { StudentRow } from '@cuota/contracts/enrolment/student-list';
import { Button } from '@cuota/ui/button';
import { Card } from '@cuota/ui/card';
import { FormColumn, FormError, FormRow } from '@cuota/ui/form-pieces';
import { MoneyField } from '@cuota/ui/money-field';
import { Page } from '@cuota/ui/page';
import { readError } from '@cuota/web-core/api/api-error';
import { newIdempotencyKey } from '@cuota/web-core/api/endpoint-request';
import { useCurrentSchool } from '@cuota/web-core/session/use-current-school';
import { useGrant } from '@cuota/web-core/session/use-grant';
import { ReadOnlyNote } from '../../../components/read-only-note';
import { useRecordDeskPaymentMutation } from '../api/payments-api';
import { DeskStudentPicker } from './desk-student-picker';
import { PayinSummary } from './payin-summary';

type Method = 'cash' | 'transfer';

/**
 * Money received at the school's desk: the service allocates it oldest due first and keeps
 * any excess as the student's credit. The key lives until the payment is recorded, so a
 * second click or a retry after a lost answer records it once.
 */
export function DeskPaymentForm({
  schoolId,
  canCollect,
}: {
  schoolId: string;
  canCollect: boolean;
}) {
  const [student, setStudent] = useState<StudentRow | null>(null);
  const [amount, setAmount] = useState<number | null>(null);
  const [method, setMethod] = useState<Method>('cash');
  const [key, setKey] = useState(newIdempotencyKey);
  const [problem, setProblem] = useState<string | null>(null);
  const [record, result] = useRecordDeskPaymentMutation();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!student) return setProblem('Elige un alumno.');
    if (!amount || amount <= 0) return setProblem('Escribe el monto recibido, mayor que cero.');
    setProblem(null);
    const answer = await record({
      schoolId,
      idempotencyKey: key,
      payment: { student_id: student.id, amount_centavos: amount, method },
    });
    if ('error' in answer) setProblem(readError(answer.error).message);
  };
  const startOver = () => {
    setStudent(null);
    setAmount(null);
    setKey(newIdempotencyKey());
    result.reset();
  };

  if (result.data) {
    return (
      <Card title="Pago registrado" focusTitle>
        <PayinSummary payin={result.data} />
        <Button variant="secondary" onClick={startOver}>
          Registrar otro pago
        </Button>
      </Card>
    );
  }
  return (
    <>
      {student ? (
        <FormRow>
          <p>
            Alumno: <strong>{`${student.last_name}, ${student.first_name}`}</strong>
          </p>
          <Button variant="ghost" onClick={() => setStudent(null)}>
            Cambiar alumno
          </Button>
        </FormRow>
      ) : (
        <DeskStudentPicker schoolId={schoolId} onPick={setStudent} />
      )}
      <FormColumn aria-label="Pago en caja" onSubmit={(e) => void submit(e)}>
        <MoneyField label="Monto recibido" value={amount} onChange={setAmount} />
        <fieldset>
          <legend>Método</legend>
          {(['cash', 'transfer'] as const).map((m) => (
            <label key={m}>
              <input
                type="radio"
                name="method"
                value={m}
                checked={method === m}
                onChange={() => setMethod(m)}
              />{' '}
              {m === 'cash' ? 'Efectivo' : 'Transferencia'}
            </label>
          ))}
        </fieldset>
        {problem && <FormError>{problem}</FormError>}
        <Button type="submit" disabled={!canCollect || result.isLoading}>
          {result.isLoading ? 'Registrando…' : 'Registrar pago'}
        </Button>
      </FormColumn>
    </>
  );
}

export function DeskPaymentPage() {
  const schoolId = useCurrentSchool().school?.id;
  const canCollect = useGrant('payments.collect');
  return (
    <Page title="Registrar pago en caja" narrow>
      <ReadOnlyNote permission="payments.collect" action="registrar pagos en caja" />
      {schoolId && <DeskPaymentForm schoolId={schoolId} canCollect={canCollect} />}
    </Page>
  );
}

import { useState, type FormEvent } from 'react';
import type { StudentRow } from '@cuota/contracts/enrolment/student-list';
import type { DeskFamily, DeskPreview } from '@cuota/contracts/payments/desk';
import type { DeskPayment } from '@cuota/contracts/payments/payins';
import { Button } from '@cuota/ui/button';
import { FormColumn, FormError, FormRow } from '@cuota/ui/form-pieces';
import { MoneyField } from '@cuota/ui/money-field';
import { Page } from '@cuota/ui/page';
import { Spinner } from '@cuota/ui/spinner';
import { readError } from '@cuota/web-core/api/api-error';
import { newIdempotencyKey } from '@cuota/web-core/api/endpoint-request';
import { useCurrentSchool } from '@cuota/web-core/session/use-current-school';
import { UtmLink } from '@cuota/web-core/routing/utm-link';
import { useGrant } from '@cuota/web-core/session/use-grant';
import { ReadOnlyNote } from '../../../components/read-only-note';
import {
  useDeskFamilyQuery,
  useDeskPreviewMutation,
  useRecordDeskPaymentMutation,
} from '../api/payments-api';
import { DeskFamilyOrders } from './desk-family-orders';
import { DeskPreviewPanel, type ExcessChoice } from './desk-preview-panel';
import { DeskReceipt } from './desk-receipt';
import { DeskStudentPicker } from './desk-student-picker';

type Method = 'cash' | 'transfer';

/** The family's orders the cashier left ticked (all of them at first). */
function tickedOf(family: DeskFamily, unticked: ReadonlySet<string>): string[] {
  return family.students
    .flatMap((s) => s.orders.map((o) => o.order_id))
    .filter((id) => !unticked.has(id));
}

/** The chosen orders as the service takes them: none named when all are (the family's). */
const orderChoice = (family: DeskFamily, unticked: ReadonlySet<string>) =>
  unticked.size ? { order_ids: tickedOf(family, unticked) } : {};

/** What is sent once the cashier confirms: with change, only what the orders take. */
function paymentOf(
  base: Omit<DeskPayment, 'amount_centavos'>,
  preview: DeskPreview,
  excess: ExcessChoice,
): DeskPayment {
  // What the payment takes: a refund owed, then the orders; the excess is handed back.
  if (excess === 'change')
    return { ...base, amount_centavos: preview.amount_centavos - preview.excess_centavos };
  return {
    ...base,
    amount_centavos: preview.amount_centavos,
    ...(excess === 'credit' ? { confirm_excess: true } : {}),
  };
}

/**
 * Money received at the school's desk (ADR 0036): the cashier picks a student, sees what the
 * family owes today, chooses the orders, reviews the service's preview (the change or the
 * credit) and confirms. The key lives until the payment is recorded, so a second click or a
 * retry after a lost answer records it once; a new review is a new payment.
 */
export function DeskPaymentForm({
  schoolId,
  canCollect,
}: {
  schoolId: string;
  canCollect: boolean;
}) {
  const [student, setStudent] = useState<StudentRow | null>(null);
  const [unticked, setUnticked] = useState<ReadonlySet<string>>(new Set());
  const [amount, setAmount] = useState<number | null>(null);
  const [method, setMethod] = useState<Method>('cash');
  const [excess, setExcess] = useState<ExcessChoice>(null);
  const [key, setKey] = useState(newIdempotencyKey);
  const [problem, setProblem] = useState<string | null>(null);
  const family = useDeskFamilyQuery({ schoolId, studentId: student?.id ?? '' }, { skip: !student });
  const [review, reviewed] = useDeskPreviewMutation();
  const [record, result] = useRecordDeskPaymentMutation();
  const preview = reviewed.data;

  const changed = () => {
    reviewed.reset();
    setExcess(null);
  };
  const pick = (next: StudentRow | null) => {
    setStudent(next);
    setUnticked(new Set());
    changed();
  };
  const toggle = (orderId: string) => {
    const next = new Set(unticked);
    if (!next.delete(orderId)) next.add(orderId);
    setUnticked(next);
    changed();
  };

  const check = async (event: FormEvent) => {
    event.preventDefault();
    if (!student || !family.data) return setProblem('Elige un alumno.');
    if (!amount || amount <= 0) return setProblem('Escribe el monto recibido, mayor que cero.');
    setProblem(null);
    setKey(newIdempotencyKey());
    const choice = orderChoice(family.data, unticked);
    if (choice.order_ids?.length === 0) return setProblem('Elige al menos un cargo a pagar.');
    const answer = await review({
      schoolId,
      studentId: student.id,
      request: { amount_centavos: amount, ...choice },
    });
    if ('error' in answer) setProblem(readError(answer.error).message);
  };
  const confirm = async () => {
    if (!student || !family.data || !preview) return;
    if (preview.excess_centavos > 0 && !excess)
      return setProblem('Elige si das cambio o lo dejas como saldo a favor.');
    setProblem(null);
    const base = { student_id: student.id, method, ...orderChoice(family.data, unticked) };
    const answer = await record({
      schoolId,
      idempotencyKey: key,
      payment: paymentOf(base, preview, excess),
    });
    if ('error' in answer) setProblem(readError(answer.error).message);
  };
  const startOver = () => {
    pick(null);
    setAmount(null);
    setKey(newIdempotencyKey());
    result.reset();
  };

  if (result.data) {
    return (
      <DeskReceipt
        payin={result.data}
        changeCentavos={excess === 'change' && preview ? preview.excess_centavos : 0}
        onNext={startOver}
      />
    );
  }
  return (
    <>
      {student ? (
        <FormRow>
          <p>
            Alumno: <strong>{`${student.last_name}, ${student.first_name}`}</strong>
          </p>
          <Button variant="ghost" onClick={() => pick(null)}>
            Cambiar alumno
          </Button>
        </FormRow>
      ) : (
        <DeskStudentPicker schoolId={schoolId} onPick={pick} />
      )}
      {family.isFetching && <Spinner label="Consultando lo que debe la familia…" />}
      {family.error && <FormError>{readError(family.error).message}</FormError>}
      {family.data && (
        <DeskFamilyOrders
          family={family.data}
          chosen={new Set(tickedOf(family.data, unticked))}
          onToggle={toggle}
        />
      )}
      <FormColumn aria-label="Pago en caja" onSubmit={(e) => void check(e)}>
        <MoneyField
          label="Monto recibido"
          value={amount}
          onChange={(next) => {
            setAmount(next);
            changed();
          }}
        />
        <fieldset>
          <legend>Método</legend>
          {(['cash', 'transfer'] as const).map((m) => (
            <label key={m}>
              <input
                type="radio"
                name="method"
                value={m}
                checked={method === m}
                onChange={() => {
                  setMethod(m);
                  changed();
                }}
              />{' '}
              {m === 'cash' ? 'Efectivo' : 'Transferencia'}
            </label>
          ))}
        </fieldset>
        {preview && student && (
          <DeskPreviewPanel
            preview={preview}
            method={method}
            studentName={`${student.first_name} ${student.last_name}`}
            excess={excess}
            onExcess={setExcess}
          />
        )}
        {problem && <FormError>{problem}</FormError>}
        {preview ? (
          <Button
            disabled={!canCollect || preview.over_limit || result.isLoading}
            onClick={() => void confirm()}
          >
            {result.isLoading ? 'Registrando…' : 'Confirmar pago'}
          </Button>
        ) : (
          <Button type="submit" disabled={!canCollect || reviewed.isLoading}>
            {reviewed.isLoading ? 'Revisando…' : 'Revisar pago'}
          </Button>
        )}
      </FormColumn>
    </>
  );
}

export function DeskPaymentPage() {
  const schoolId = useCurrentSchool().school?.id;
  const canCollect = useGrant('payments.collect');
  const canRefund = useGrant('payments.refund');
  return (
    <Page title="Registrar pago en caja">
      <ReadOnlyNote permission="payments.collect" action="registrar pagos en caja" />
      {canRefund && <UtmLink to="/dashboard/desk/limit">Límite por pago en caja</UtmLink>}
      {schoolId && <DeskPaymentForm schoolId={schoolId} canCollect={canCollect} />}
    </Page>
  );
}

import { useState, type FormEvent, type ReactNode } from 'react';
import type { Payin } from '@cuota/contracts/payments/payins';
import type { PayinReversal, RefundCard } from '@cuota/contracts/payments/reversals';
import { Button } from '@cuota/ui/button';
import { Card } from '@cuota/ui/card';
import { FormColumn } from '@cuota/ui/form-pieces';
import { readError } from '@cuota/web-core/api/api-error';
import { newIdempotencyKey } from '@cuota/web-core/api/endpoint-request';
import { useGrant } from '@cuota/web-core/session/use-grant';
import { useRefundCardMutation } from '../api/payments-api';
import { CorrectionFields } from './correction-fields';
import { reversedByOrder } from './payin-reversals';

/** What differs between giving money back to a card, to credit and to a bank account. */
export interface RefundFormProps {
  payin: Payin;
  /** The card's title, the form's name and its button. */
  title: string;
  busy: string;
  intro: ReactNode;
  amount: { label: string; hint: string; full: number; missing: string };
  reasonMissing: string;
  /** The body's destination and its fields, or null when they are not right yet (shown by them). */
  destination?: () => Pick<RefundCard, 'to' | 'clabe' | 'holder_name'> | null;
  /** The destination's own fields (a CLABE and its holder). */
  children?: ReactNode;
  /** What the answer says to staff (null: nothing yet). */
  outcome: (reversal: PayinReversal) => ReactNode;
}

/**
 * One refund of a payment (ADR 0036, 0099, 0110): the amount (whole or partial), the reason,
 * the destination's own fields, one key per refund asked for (a repeated click is the same
 * refund). When the payment's credit was already spent the service warns first; refunding
 * anyway leaves the family owing it. The service decides everything.
 */
export function RefundForm(props: RefundFormProps) {
  const { payin, amount: full } = props;
  const canRefund = useGrant('payments.refund');
  const [amount, setAmount] = useState<number | null>(full.full);
  // After a partial refund what is left changes: the amount starts again from it.
  const [left, setLeft] = useState(full.full);
  if (left !== full.full) {
    setLeft(full.full);
    setAmount(full.full);
  }
  const [reason, setReason] = useState('');
  const [key, setKey] = useState(newIdempotencyKey);
  const [problem, setProblem] = useState<string | null>(null);
  const [creditSpent, setCreditSpent] = useState<string | null>(null);
  const [refund, refunded] = useRefundCardMutation();

  const ask = async (confirmCreditSpent: boolean) => {
    const destination = props.destination ? props.destination() : {};
    if (destination === null) return;
    if (!amount || amount <= 0) return setProblem(full.missing);
    if (reason.trim().length < 5) return setProblem(props.reasonMissing);
    setProblem(null);
    setCreditSpent(null);
    const answer = await refund({
      schoolId: payin.school_id,
      idempotencyKey: key,
      body: {
        payin_id: payin.id,
        reason,
        ...destination,
        // The full amount asks for all that is left of the payment.
        ...(amount === full.full ? {} : { amount_centavos: amount }),
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
  // Nothing left to give back: no form, but the answer just given stays in view.
  if (!canRefund || (full.full === 0 && !refunded.data)) return null;
  return (
    <Card title={props.title}>
      <FormColumn aria-label={props.title} onSubmit={submit}>
        <p>{props.intro}</p>
        {props.children}
        <CorrectionFields
          amount={{ label: full.label, hint: full.hint, value: amount, onChange: setAmount }}
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
        {refunded.data && props.outcome(refunded.data)}
        <Button type="submit" disabled={refunded.isLoading}>
          {refunded.isLoading ? props.busy : props.title}
        </Button>
      </FormColumn>
    </Card>
  );
}

/** What a SPEI/cash payin still has applied to orders: all a refund to credit or a bank can take. */
const stillApplied = (payin: Payin) => {
  const paid = payin.allocations.reduce((s, a) => s + a.base_centavos + a.late_fee_centavos, 0);
  const reversed = [...reversedByOrder(payin).values()].reduce((s, n) => s + n, 0);
  return Math.max(0, paid - reversed);
};

/** A SPEI/cash refund's amount: what the payin still has applied to orders, whole by default. */
export const paidOfOrders = (payin: Payin, label: string) => ({
  label,
  hint: 'Déjalo completo para devolver todo lo que el pago aún abona a cargos.',
  full: stillApplied(payin),
  missing: 'Escribe el monto a devolver, mayor que cero.',
});

/** What is left of a card payment to refund: its amount less the refunds not declined. */
export const cardLeft = (payin: Payin) =>
  Math.max(
    0,
    (payin.reversals ?? [])
      .filter((r) => r.status !== 'declined')
      .reduce((left, r) => left - r.amount_centavos, payin.amount_centavos),
  );

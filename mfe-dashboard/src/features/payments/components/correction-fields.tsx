import { FormError } from '@cuota/ui/form-pieces';
import { MoneyField } from '@cuota/ui/money-field';
import { TextAreaField } from '@cuota/ui/text-field';

/** The amount a correction gives back, when it has one (refunds; a void is always whole). */
export interface CorrectionAmount {
  label: string;
  hint: string;
  value: number | null;
  onChange: (centavos: number | null) => void;
}

/**
 * What every correction of a payment asks (ADR 0036, 0099): the amount when it can be partial,
 * the reason (always), and the service's or the form's refusal.
 */
export function CorrectionFields(props: {
  amount?: CorrectionAmount;
  reason: string;
  onReason: (reason: string) => void;
  problem: string | null;
}) {
  const { amount, reason, onReason, problem } = props;
  return (
    <>
      {amount && (
        <MoneyField
          label={amount.label}
          value={amount.value}
          onChange={amount.onChange}
          hint={amount.hint}
        />
      )}
      <TextAreaField
        label="Motivo"
        value={reason}
        maxLength={300}
        onChange={(e) => onReason(e.target.value)}
      />
      {problem && <FormError>{problem}</FormError>}
    </>
  );
}

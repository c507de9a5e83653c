import { useState, type FormEvent } from 'react';
import type { StaffOrderDetail } from '@cuota/contracts/billing/corrections';
import {
  createSpecialDiscountSchema,
  createSpecialOverChargeSchema,
} from '@cuota/contracts/billing/special-charges';
import { Button } from '@cuota/ui/button';
import { FormColumn, FormError } from '@cuota/ui/form-pieces';
import { TextField } from '@cuota/ui/text-field';
import { readError } from '@cuota/web-core/api/api-error';
import { problemsFrom } from '../../../components/form-problems';
import {
  useGrantSpecialDiscountMutation,
  useGrantSpecialOverChargeMutation,
} from '../api/order-corrections-api';
import {
  EMPTY_GRANT,
  grantBody,
  GrantValueFields,
  moneyValue,
  VALUE_FIELDS,
  type GrantValue,
} from '../../../components/grant-value-fields';

/** A special discount (PERCENT, AMOUNT or FIXED) or over-charge (PERCENT, AMOUNT) on one order. */
export type SpecialCharge = 'discount' | 'surcharge';

export const SPECIAL_CHARGE_LABELS: Record<SpecialCharge, string> = {
  discount: 'Descuento especial',
  surcharge: 'Recargo especial',
};

type Problems = Partial<Record<'value' | 'reason' | 'form', string>>;

/** One special discount or over-charge of an unpaid order, with its reason (ADR 0035 step 3). */
export function SpecialChargeForm(props: {
  order: StaffOrderDetail;
  charge: SpecialCharge;
  onDone: () => void;
}) {
  const { order, charge, onDone } = props;
  const [value, setValue] = useState<GrantValue>(EMPTY_GRANT);
  const [reason, setReason] = useState('');
  const [problems, setProblems] = useState<Problems>({});
  const [discount, discounting] = useGrantSpecialDiscountMutation();
  const [surcharge, surcharging] = useGrantSpecialOverChargeMutation();
  /** The request, or the schema's problems when the form is not one. */
  const send = (input: object) => {
    const schoolId = order.school_id;
    if (charge === 'discount') {
      const parsed = createSpecialDiscountSchema.safeParse(input);
      return parsed.success ? discount({ schoolId, body: parsed.data }) : parsed.error;
    }
    const parsed = createSpecialOverChargeSchema.safeParse(input);
    return parsed.success ? surcharge({ schoolId, body: parsed.data }) : parsed.error;
  };
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const sent = send({ order_id: order.id, reason, ...grantBody(value) });
    if ('issues' in sent)
      return setProblems(
        problemsFrom(sent.issues, { ...VALUE_FIELDS, reason: 'reason' }, moneyValue(value)),
      );
    const answer = await sent;
    if ('error' in answer) return setProblems({ form: readError(answer.error).message });
    onDone();
  };
  const label = SPECIAL_CHARGE_LABELS[charge];
  return (
    <FormColumn aria-label={label} onSubmit={(e) => void submit(e)}>
      <GrantValueFields
        kinds={charge === 'discount' ? ['PERCENT', 'AMOUNT', 'FIXED'] : ['PERCENT', 'AMOUNT']}
        value={value}
        onChange={setValue}
        error={problems.value}
      />
      <TextField
        label="Motivo"
        hint="Queda en el historial de la orden"
        error={problems.reason}
        value={reason}
        onChange={(e) => setReason(e.target.value)}
      />
      {problems.form && <FormError>{problems.form}</FormError>}
      <Button type="submit" disabled={discounting.isLoading || surcharging.isLoading}>
        {label}
      </Button>
      <Button variant="ghost" onClick={onDone}>
        Volver
      </Button>
    </FormColumn>
  );
}

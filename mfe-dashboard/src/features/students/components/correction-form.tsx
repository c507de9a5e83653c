import { useState, type FormEvent } from 'react';
import type { StaffOrderDetail } from '@cuota/contracts/billing/corrections';
import { Button } from '@cuota/ui/button';
import { FormColumn, FormError } from '@cuota/ui/form-pieces';
import { MoneyField } from '@cuota/ui/money-field';
import { TextField } from '@cuota/ui/text-field';
import { readError } from '@cuota/web-core/api/api-error';
import {
  useAvoidScholarshipMutation,
  useEditBaseMutation,
  useEditDueMutation,
  useForceScholarshipMutation,
  usePatchOrderMutation,
  useSwitchInterestForgivenMutation,
} from '../api/order-corrections-api';
import {
  ACTION_LABELS,
  checkCorrection,
  type CorrectionAction,
  type CorrectionDraft,
  type CorrectionProblems,
} from '../utils/correction-draft';

interface Props {
  order: StaffOrderDetail;
  action: CorrectionAction;
  onDone: () => void;
}

/** One correction of an order: its field (if any) and the reason, errors beside each field. */
export function CorrectionForm({ order, action, onDone }: Props) {
  const [draft, setDraft] = useState<CorrectionDraft>({
    amount_centavos: order.amount_centavos,
    due_on: order.due_on,
    reason: '',
  });
  const [problems, setProblems] = useState<CorrectionProblems>({});
  const [editBase, base] = useEditBaseMutation();
  const [editDue, due] = useEditDueMutation();
  const [switchInterest, interest] = useSwitchInterestForgivenMutation();
  const [patch, patched] = usePatchOrderMutation();
  const [avoid, avoided] = useAvoidScholarshipMutation();
  const [force, forced] = useForceScholarshipMutation();
  const saving = [base, due, interest, patched, avoided, forced].some((m) => m.isLoading);
  const label = ACTION_LABELS[action](order.interest_forgiven);

  const send = () => {
    const target = { schoolId: order.school_id, orderId: order.id, reason: draft.reason };
    if (action === 'edit_base')
      return editBase({ ...target, amountCentavos: draft.amount_centavos! });
    if (action === 'edit_due') return editDue({ ...target, dueOn: draft.due_on });
    if (action === 'interest')
      return switchInterest({ ...target, forgiven: !order.interest_forgiven });
    if (action === 'avoid_scholarship') return avoid(target);
    if (action === 'force_scholarship') return force(target);
    return patch({ orderId: order.id, patch: { canceled: true, reason: draft.reason } });
  };
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const checked = checkCorrection(action, draft, order.interest_forgiven);
    if ('problems' in checked) return setProblems(checked.problems);
    const answer = await send();
    if ('error' in answer) return setProblems({ form: readError(answer.error).message });
    onDone();
  };

  return (
    <FormColumn aria-label={label} onSubmit={(e) => void submit(e)}>
      {action === 'edit_base' && (
        <MoneyField
          label="Nuevo monto base"
          error={problems.amount_centavos}
          value={draft.amount_centavos}
          onChange={(amount_centavos) => setDraft((d) => ({ ...d, amount_centavos }))}
        />
      )}
      {action === 'edit_due' && (
        <TextField
          label="Nueva fecha de vencimiento"
          type="date"
          error={problems.due_on}
          value={draft.due_on}
          onChange={(e) => setDraft((d) => ({ ...d, due_on: e.target.value }))}
        />
      )}
      <TextField
        label="Motivo"
        hint="Queda en el historial de la orden"
        error={problems.reason}
        value={draft.reason}
        onChange={(e) => setDraft((d) => ({ ...d, reason: e.target.value }))}
      />
      {problems.form && <FormError>{problems.form}</FormError>}
      <Button type="submit" disabled={saving}>
        {saving ? 'Guardando…' : label}
      </Button>
      <Button variant="ghost" onClick={onDone}>
        Volver
      </Button>
    </FormColumn>
  );
}

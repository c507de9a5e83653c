import {
  bookkeeperOrderPatchSchema,
  editBaseSchema,
  editDueSchema,
  scholarshipRuleSchema,
  switchInterestForgivenSchema,
} from '@cuota/contracts/billing/corrections';
import { problemsFrom } from '../../../components/form-problems';

/** The corrections a staff member with billing.write may make on one order (ADR 0035). */
export type CorrectionAction =
  'edit_base' | 'edit_due' | 'interest' | 'cancel' | 'avoid_scholarship' | 'force_scholarship';

/** The correction form as typed: the amount already in centavos (MoneyField). */
export interface CorrectionDraft {
  amount_centavos: number | null;
  due_on: string;
  reason: string;
}

type Field = 'amount_centavos' | 'due_on' | 'reason';
export type CorrectionProblems = Partial<Record<Field | 'form', string>>;
const FIELD_OF: Record<string, Field> = {
  amount_centavos: 'amount_centavos',
  due_on: 'due_on',
  reason: 'reason',
};
const MONEY = new Set<Field>(['amount_centavos']);

/** The body each action sends, checked by the service's own schema (its Spanish messages). */
export function checkCorrection(
  action: CorrectionAction,
  draft: CorrectionDraft,
  interestForgiven: boolean,
): { problems: CorrectionProblems } | { ok: true } {
  const reason = draft.reason;
  const parsed = {
    edit_base: () => editBaseSchema.safeParse({ amount_centavos: draft.amount_centavos, reason }),
    edit_due: () => editDueSchema.safeParse({ due_on: draft.due_on, reason }),
    interest: () =>
      switchInterestForgivenSchema.safeParse({ interest_forgiven: !interestForgiven, reason }),
    cancel: () => bookkeeperOrderPatchSchema.safeParse({ canceled: true, reason }),
    avoid_scholarship: () => scholarshipRuleSchema.safeParse({ reason }),
    force_scholarship: () => scholarshipRuleSchema.safeParse({ reason }),
  }[action]();
  if (parsed.success) return { ok: true };
  return { problems: problemsFrom(parsed.error.issues, FIELD_OF, MONEY) };
}

/** What each button says, and the answer's submit label. */
export const ACTION_LABELS: Record<CorrectionAction, (forgiven: boolean) => string> = {
  edit_base: () => 'Editar monto base',
  edit_due: () => 'Cambiar vencimiento',
  interest: (forgiven) => (forgiven ? 'Volver a cobrar recargos' : 'Condonar recargos'),
  cancel: () => 'Cancelar orden',
  avoid_scholarship: () => 'Quitar beca',
  force_scholarship: () => 'Aplicar beca del alumno',
};

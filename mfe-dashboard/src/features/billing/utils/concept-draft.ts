import {
  createConceptSchema,
  updateConceptSchema,
  type Concept,
  type ConceptType,
  type CreateConcept,
  type LateFee,
  type UpdateConcept,
  type Visibility,
} from '@cuota/contracts/billing/concepts';
import type { z } from 'zod';
import { centavosToDecimal } from '@cuota/ui/money';
import { problemsFrom } from '../../../components/form-problems';
import type { EducationLevel } from '@cuota/contracts/enrolment/entities';

/** The concept form as typed: amounts already in centavos (MoneyField), the rest as text. */
export interface ConceptDraft {
  name: string;
  concept_type: ConceptType;
  recurrence: 'MONTHLY' | 'SINGLE';
  price_centavos: number | null;
  level: EducationLevel | '';
  first_period: string;
  months: string;
  due_day: string;
  due_on: string;
  late_fee_kind: 'NONE' | LateFee['kind'];
  late_fee_centavos: number | null;
  late_fee_percent: string;
  grace_days: string;
  cap_centavos: number | null;
  /** The cycle chosen; null: not chosen yet (the form offers the active one); '': none. */
  cycle_id: string | null;
  visibility: Visibility;
  /** Billed to students who join its level later (an edit only: its own endpoint). */
  auto_assign: boolean;
}

export const EMPTY_DRAFT: ConceptDraft = {
  name: '',
  concept_type: 'MONTHLY_FEE',
  recurrence: 'MONTHLY',
  price_centavos: null,
  level: '',
  first_period: '',
  months: '10',
  due_day: '10',
  due_on: '',
  late_fee_kind: 'NONE',
  late_fee_centavos: null,
  late_fee_percent: '',
  grace_days: '0',
  cap_centavos: null,
  cycle_id: null,
  visibility: 'PUBLIC',
  auto_assign: false,
};

/** `2026-09` and 3 → 2026-09, 2026-10, 2026-11. */
export function monthsFrom(first: string, count: number): string[] {
  const match = /^(\d{4})-(\d{2})$/.exec(first);
  if (!match || !Number.isInteger(count) || count < 1) return [];
  const start = Number(match[1]) * 12 + Number(match[2]) - 1;
  return Array.from({ length: Math.min(count, 24) }, (_, i) => {
    const month = start + i;
    return `${Math.floor(month / 12)}-${String((month % 12) + 1).padStart(2, '0')}`;
  });
}

/** "5" or "2.5" % → basis points (hundredths of a percent), by integer arithmetic. */
export function percentToBasisPoints(text: string): number {
  const match = /^(\d{1,3})(?:[.,](\d{1,2}))?$/.exec(text.trim());
  if (!match) return Number.NaN;
  return Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
}

function lateFeeOf(draft: ConceptDraft): unknown {
  const grace_days = Number(draft.grace_days);
  if (draft.late_fee_kind === 'FIXED')
    return { kind: 'FIXED', amount_centavos: draft.late_fee_centavos, grace_days };
  if (draft.late_fee_kind === 'PERCENT')
    return {
      kind: 'PERCENT',
      basis_points: percentToBasisPoints(draft.late_fee_percent),
      grace_days,
      cap_centavos: draft.cap_centavos,
    };
  return null;
}

/** A field of the form a problem belongs to; `form` when it is no one field's. */
export type DraftField =
  | 'name'
  | 'price_centavos'
  | 'first_period'
  | 'due_day'
  | 'due_on'
  | 'late_fee_centavos'
  | 'late_fee_percent'
  | 'grace_days'
  | 'cap_centavos'
  | 'form';
export type Problems = Partial<Record<DraftField, string>>;

/** Where each path of the body is typed in the form. */
const FIELD_OF: Record<string, DraftField> = {
  name: 'name',
  price_centavos: 'price_centavos',
  periods: 'first_period',
  due_day: 'due_day',
  due_on: 'due_on',
  'late_fee.amount_centavos': 'late_fee_centavos',
  'late_fee.basis_points': 'late_fee_percent',
  'late_fee.grace_days': 'grace_days',
  'late_fee.cap_centavos': 'cap_centavos',
};
const MONEY_FIELDS = new Set<DraftField>(['price_centavos', 'late_fee_centavos', 'cap_centavos']);

/** Each problem beside its field (the first per field), in the schema's Spanish. */
export const problemsOf = (issues: z.core.$ZodIssue[]): Problems =>
  problemsFrom(issues, FIELD_OF, MONEY_FIELDS);

/** The create body, checked by the same schema the service uses (its Spanish messages). */
export function toCreateConcept(
  schoolId: string,
  draft: ConceptDraft,
): { concept: CreateConcept } | { problems: Problems } {
  const common = {
    school_id: schoolId,
    name: draft.name,
    concept_type: draft.concept_type,
    price_centavos: draft.price_centavos,
    level: draft.level || null,
    late_fee: lateFeeOf(draft),
    cycle_id: draft.cycle_id || null,
    visibility: draft.visibility,
  };
  const body =
    draft.recurrence === 'MONTHLY'
      ? {
          ...common,
          recurrence: 'MONTHLY',
          periods: monthsFrom(draft.first_period, Number(draft.months)),
          due_day: Number(draft.due_day),
        }
      : { ...common, recurrence: 'SINGLE', due_on: draft.due_on };
  const parsed = createConceptSchema.safeParse(body);
  if (parsed.success) return { concept: parsed.data };
  return { problems: problemsOf(parsed.error.issues) };
}

/** A saved concept as the form shows it (for editing what may change after creation). */
export function draftOf(concept: Concept): ConceptDraft {
  const fee = concept.late_fee;
  return {
    ...EMPTY_DRAFT,
    name: concept.name,
    concept_type: concept.concept_type,
    price_centavos: concept.price_centavos,
    late_fee_kind: fee?.kind ?? 'NONE',
    late_fee_centavos: fee?.kind === 'FIXED' ? fee.amount_centavos : null,
    late_fee_percent:
      fee?.kind === 'PERCENT' ? centavosToDecimal(fee.basis_points).replace(/\.00$/, '') : '',
    grace_days: String(fee?.grace_days ?? 0),
    cap_centavos: fee?.kind === 'PERCENT' ? fee.cap_centavos : null,
    cycle_id: concept.cycle_id ?? '',
    visibility: concept.visibility,
    auto_assign: concept.auto_assign,
  };
}

/** What an edit may change (orders already created keep their amount). */
export function toUpdateConcept(
  draft: ConceptDraft,
): { changes: UpdateConcept } | { problems: Problems } {
  const parsed = updateConceptSchema.safeParse({
    name: draft.name,
    price_centavos: draft.price_centavos,
    late_fee: lateFeeOf(draft),
    visibility: draft.visibility,
    cycle_id: draft.cycle_id || null,
  });
  if (parsed.success) return { changes: parsed.data };
  return { problems: problemsOf(parsed.error.issues) };
}

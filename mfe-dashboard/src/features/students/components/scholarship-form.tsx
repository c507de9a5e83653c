import { useState, type FormEvent } from 'react';
import { createScholarshipSchema } from '@cuota/contracts/billing/scholarships';
import { Button } from '@cuota/ui/button';
import { todayInMexicoCity } from '@cuota/ui/dates';
import { FieldLabel, FormColumn, FormError, Select } from '@cuota/ui/form-pieces';
import { TextField } from '@cuota/ui/text-field';
import { readError } from '@cuota/web-core/api/api-error';
import { problemsFrom } from '../../../components/form-problems';
import { useGrantScholarshipMutation } from '../api/order-corrections-api';
import {
  EMPTY_GRANT,
  grantBody,
  GrantValueFields,
  moneyValue,
  VALUE_FIELDS,
  type GrantValue,
} from '../../../components/grant-value-fields';

type Problems = Partial<Record<'value' | 'starts_on' | 'reason' | 'form', string>>;
const FIELD_OF = { ...VALUE_FIELDS, starts_on: 'starts_on', reason: 'reason' } as const;

interface Props {
  schoolId: string;
  studentId: string;
  /** The concepts the student is billed, to grant on one of them (or on all). */
  concepts: { concept_id: string; concept_name: string }[];
  onDone: (note: string | null) => void;
}

/**
 * «Otorgar beca» to one student (ADR 0035): a percentage or an amount, on one concept or all,
 * from a date, with its reason. The unpaid orders already billed change at once; the answer's
 * note says which paid ones were left as they were.
 */
export function ScholarshipForm({ schoolId, studentId, concepts, onDone }: Props) {
  const [value, setValue] = useState<GrantValue>(EMPTY_GRANT);
  const [conceptId, setConceptId] = useState('');
  const [startsOn, setStartsOn] = useState(todayInMexicoCity());
  const [reason, setReason] = useState('');
  const [problems, setProblems] = useState<Problems>({});
  const [grant, granting] = useGrantScholarshipMutation();
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = createScholarshipSchema.safeParse({
      student_id: studentId,
      concept_id: conceptId || null,
      starts_on: startsOn,
      reason,
      ...grantBody(value),
    });
    if (!parsed.success)
      return setProblems(problemsFrom(parsed.error.issues, FIELD_OF, moneyValue(value)));
    const answer = await grant({ schoolId, body: parsed.data });
    if ('error' in answer) return setProblems({ form: readError(answer.error).message });
    onDone(answer.data.note);
  };
  return (
    <FormColumn aria-label="Otorgar beca" onSubmit={(e) => void submit(e)}>
      <GrantValueFields
        kinds={['PERCENT', 'AMOUNT']}
        value={value}
        onChange={setValue}
        error={problems.value}
      />
      <FieldLabel>
        Concepto
        <Select value={conceptId} onChange={(e) => setConceptId(e.target.value)}>
          <option value="">Todos los conceptos</option>
          {concepts.map((c) => (
            <option key={c.concept_id} value={c.concept_id}>
              {c.concept_name}
            </option>
          ))}
        </Select>
      </FieldLabel>
      <TextField
        label="Desde"
        hint="Aplica a las órdenes que vencen desde esta fecha"
        type="date"
        error={problems.starts_on}
        value={startsOn}
        onChange={(e) => setStartsOn(e.target.value)}
      />
      <TextField
        label="Motivo"
        error={problems.reason}
        value={reason}
        onChange={(e) => setReason(e.target.value)}
      />
      {problems.form && <FormError>{problems.form}</FormError>}
      <Button type="submit" disabled={granting.isLoading}>
        Otorgar beca
      </Button>
      <Button variant="ghost" onClick={() => onDone(null)}>
        Volver
      </Button>
    </FormColumn>
  );
}

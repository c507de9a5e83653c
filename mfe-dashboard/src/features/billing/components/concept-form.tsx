import { useState, type FormEvent } from 'react';
import type { Concept } from '@cuota/contracts/billing/concepts';
import { Button } from '@cuota/ui/button';
import { Card } from '@cuota/ui/card';
import { FieldLabel, FormColumn, FormError, Select } from '@cuota/ui/form-pieces';
import { MoneyField } from '@cuota/ui/money-field';
import { TextField } from '@cuota/ui/text-field';
import { readError } from '@cuota/web-core/api/api-error';
import { newIdempotencyKey } from '@cuota/web-core/api/endpoint-request';
import {
  useAutoAssignConceptMutation,
  useCreateConceptMutation,
  useSchoolCyclesQuery,
  useUpdateConceptMutation,
} from '../api/billing-api';
import {
  draftOf,
  EMPTY_DRAFT,
  toCreateConcept,
  toUpdateConcept,
  type ConceptDraft,
  type Problems,
} from '../utils/concept-draft';
import { ConceptTypeSelect, CycleSelect, LevelSelect, VisibilitySelect } from './concept-fields';
import { LateFeeFields } from './late-fee-fields';

type Change = (changes: Partial<ConceptDraft>) => void;

/** What is fixed once a concept exists: its type, periodicity, level and months. */
interface FieldsProps {
  draft: ConceptDraft;
  change: Change;
  problems: Problems;
}

function CreateOnlyFields({ draft, change, problems }: FieldsProps) {
  return (
    <>
      <ConceptTypeSelect
        value={draft.concept_type}
        onChange={(type) =>
          change({ concept_type: type, recurrence: type === 'MONTHLY_FEE' ? 'MONTHLY' : 'SINGLE' })
        }
      />
      <FieldLabel>
        Periodicidad
        <Select
          value={draft.recurrence}
          onChange={(e) => change({ recurrence: e.target.value as ConceptDraft['recurrence'] })}
        >
          <option value="MONTHLY">Mensual</option>
          <option value="SINGLE">Pago único</option>
        </Select>
      </FieldLabel>
      <LevelSelect value={draft.level} onChange={(level) => change({ level })} />
      {draft.recurrence === 'MONTHLY' ? (
        <>
          <TextField
            label="Primer mes"
            hint="AAAA-MM, por ejemplo 2026-09"
            error={problems.first_period}
            value={draft.first_period}
            onChange={(e) => change({ first_period: e.target.value })}
          />
          <TextField
            label="Número de meses"
            inputMode="numeric"
            value={draft.months}
            onChange={(e) => change({ months: e.target.value })}
          />
          <TextField
            label="Día de vencimiento"
            hint="Del 1 al 28 de cada mes"
            error={problems.due_day}
            inputMode="numeric"
            value={draft.due_day}
            onChange={(e) => change({ due_day: e.target.value })}
          />
        </>
      ) : (
        <TextField
          label="Fecha de vencimiento"
          type="date"
          error={problems.due_on}
          value={draft.due_on}
          onChange={(e) => change({ due_on: e.target.value })}
        />
      )}
    </>
  );
}

interface Props {
  schoolId: string;
  /** The concept being edited; none: a new one. */
  concept?: Concept;
  onDone: () => void;
}

/**
 * A new concept (a monthly fee over the cycle's months, or a one-time charge), or an edit of
 * a saved one's name, price and late fee (orders already created keep their amount).
 */
export function ConceptForm({ schoolId, concept, onDone }: Props) {
  const [draft, setDraft] = useState<ConceptDraft>(() =>
    concept ? draftOf(concept) : EMPTY_DRAFT,
  );
  const [problems, setProblems] = useState<Problems>({});
  const [key] = useState(newIdempotencyKey);
  const [create, created] = useCreateConceptMutation();
  const [update, updated] = useUpdateConceptMutation();
  const [autoAssign, autoAssigned] = useAutoAssignConceptMutation();
  const cycles = useSchoolCyclesQuery(schoolId).data ?? [];
  const change: Change = (changes) => setDraft((d) => ({ ...d, ...changes }));
  const title = concept ? `Editar ${concept.name}` : 'Nuevo concepto';
  // A new concept belongs to the active cycle unless another (or none) is chosen.
  const cycleId = draft.cycle_id ?? cycles.find((c) => c.status === 'active')?.id ?? '';

  const edit = async (saved: Concept) => {
    const result = toUpdateConcept({ ...draft, cycle_id: cycleId });
    if ('problems' in result) return result;
    const answer = await update({ id: saved.id, changes: result.changes });
    if ('error' in answer || draft.auto_assign === saved.auto_assign) return answer;
    return autoAssign({ schoolId, id: saved.id, on: draft.auto_assign });
  };
  const send = () => {
    if (concept) return edit(concept);
    const result = toCreateConcept(schoolId, { ...draft, cycle_id: cycleId });
    return 'problems' in result ? result : create({ concept: result.concept, idempotencyKey: key });
  };
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const answer = await send();
    if ('problems' in answer) return setProblems(answer.problems);
    if ('error' in answer) return setProblems({ form: readError(answer.error).message });
    onDone();
  };
  const saving = created.isLoading || updated.isLoading || autoAssigned.isLoading;

  return (
    <Card title={title} focusTitle>
      <FormColumn aria-label={title} onSubmit={(e) => void submit(e)}>
        <TextField
          label="Nombre"
          error={problems.name}
          value={draft.name}
          onChange={(e) => change({ name: e.target.value })}
        />
        {!concept && <CreateOnlyFields draft={draft} change={change} problems={problems} />}
        <CycleSelect cycles={cycles} value={cycleId} onChange={(id) => change({ cycle_id: id })} />
        <VisibilitySelect
          value={draft.visibility}
          onChange={(visibility) => change({ visibility })}
        />
        {concept && (
          <label>
            <input
              type="checkbox"
              checked={draft.auto_assign}
              onChange={(e) => change({ auto_assign: e.target.checked })}
            />{' '}
            Asignar automáticamente a los alumnos que entren a su nivel (al activarlo se generan las
            órdenes que les falten)
          </label>
        )}
        <MoneyField
          label="Precio"
          error={problems.price_centavos}
          value={draft.price_centavos}
          onChange={(price_centavos) => change({ price_centavos })}
        />
        <LateFeeFields draft={draft} change={change} problems={problems} />
        {problems.form && <FormError>{problems.form}</FormError>}
        <Button type="submit" disabled={saving}>
          {saving ? 'Guardando…' : concept ? 'Guardar cambios' : 'Crear concepto'}
        </Button>
        <Button variant="ghost" onClick={onDone}>
          Cancelar
        </Button>
      </FormColumn>
    </Card>
  );
}

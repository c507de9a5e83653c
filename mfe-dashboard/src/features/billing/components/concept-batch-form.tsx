import { useState, type FormEvent } from 'react';
import { Button } from '@cuota/ui/button';
import { Card } from '@cuota/ui/card';
import { FormColumn, FormError } from '@cuota/ui/form-pieces';
import { TextAreaField, TextField } from '@cuota/ui/text-field';
import { errorDetails, readError } from '@cuota/web-core/api/api-error';
import { newIdempotencyKey } from '@cuota/web-core/api/endpoint-request';
import { useCreateConceptBatchMutation, useSchoolCyclesQuery } from '../api/billing-api';
import { ConceptTypeSelect, CycleSelect, LevelSelect } from './concept-fields';
import { EMPTY_BATCH, lineProblem, toConceptBatch, type BatchDraft } from '../utils/concept-batch';

const TITLE = 'Crear en lote';

/**
 * «Crear en lote»: several one-time charges at once, one per line, all or none (the service
 * refuses the whole batch when a line is wrong, and each problem names its line).
 */
export function ConceptBatchForm({ schoolId, onDone }: { schoolId: string; onDone: () => void }) {
  const [draft, setDraft] = useState<BatchDraft>(EMPTY_BATCH);
  const [problems, setProblems] = useState<string[]>([]);
  const [key] = useState(newIdempotencyKey);
  const [create, { isLoading }] = useCreateConceptBatchMutation();
  const cycles = useSchoolCyclesQuery(schoolId).data ?? [];
  const [cycleId, setCycleId] = useState<string | null>(null);
  const change = (changes: Partial<BatchDraft>) => setDraft((d) => ({ ...d, ...changes }));
  // Like a single concept, the batch belongs to the active cycle unless another is chosen.
  const chosenCycle = cycleId ?? cycles.find((c) => c.status === 'active')?.id ?? '';

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const result = toConceptBatch({ ...draft, cycle_id: chosenCycle });
    if ('problems' in result) return setProblems(result.problems);
    const answer = await create({ schoolId, batch: result.batch, idempotencyKey: key });
    if ('error' in answer) {
      const details = errorDetails(answer.error).map(lineProblem);
      return setProblems(details.length > 0 ? details : [readError(answer.error).message]);
    }
    onDone();
  };

  return (
    <Card title={TITLE} focusTitle>
      <FormColumn aria-label={TITLE} onSubmit={(e) => void submit(e)}>
        <TextAreaField
          label="Conceptos"
          hint="Uno por línea: nombre; precio en pesos. Por ejemplo: Uniforme deportivo; 850.00"
          rows={6}
          value={draft.lines}
          onChange={(e) => change({ lines: e.target.value })}
        />
        <ConceptTypeSelect
          value={draft.concept_type}
          onChange={(concept_type) => change({ concept_type })}
        />
        <LevelSelect value={draft.level} onChange={(level) => change({ level })} />
        <CycleSelect cycles={cycles} value={chosenCycle} onChange={setCycleId} />
        <TextField
          label="Fecha de vencimiento"
          type="date"
          value={draft.due_on}
          onChange={(e) => change({ due_on: e.target.value })}
        />
        {problems.map((p) => (
          <FormError key={p}>{p}</FormError>
        ))}
        <Button type="submit" disabled={isLoading}>
          {isLoading ? 'Creando…' : 'Crear conceptos'}
        </Button>
        <Button variant="ghost" onClick={onDone}>
          Cancelar
        </Button>
      </FormColumn>
    </Card>
  );
}

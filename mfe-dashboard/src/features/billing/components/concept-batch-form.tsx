import { useState, type FormEvent } from 'react';
import {
  CONCEPT_TYPE_LABELS,
  CONCEPT_TYPES,
  type ConceptType,
} from '@cuota/contracts/billing/concepts';
import { EDUCATION_LEVEL_LABELS, EDUCATION_LEVELS } from '@cuota/contracts/enrolment/entities';
import { Button } from '@cuota/ui/button';
import { Card } from '@cuota/ui/card';
import { FieldLabel, FormColumn, FormError, Select } from '@cuota/ui/form-pieces';
import { TextAreaField, TextField } from '@cuota/ui/text-field';
import { errorDetails, readError } from '@cuota/web-core/api/api-error';
import { newIdempotencyKey } from '@cuota/web-core/api/endpoint-request';
import { useCreateConceptBatchMutation } from '../api/billing-api';
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
  const change = (changes: Partial<BatchDraft>) => setDraft((d) => ({ ...d, ...changes }));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const result = toConceptBatch(draft);
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
        <FieldLabel>
          Tipo
          <Select
            value={draft.concept_type}
            onChange={(e) => change({ concept_type: e.target.value as ConceptType })}
          >
            {CONCEPT_TYPES.map((t) => (
              <option key={t} value={t}>
                {CONCEPT_TYPE_LABELS[t]}
              </option>
            ))}
          </Select>
        </FieldLabel>
        <FieldLabel>
          Nivel
          <Select
            value={draft.level}
            onChange={(e) => change({ level: e.target.value as BatchDraft['level'] })}
          >
            <option value="">Todos los niveles</option>
            {EDUCATION_LEVELS.map((l) => (
              <option key={l} value={l}>
                {EDUCATION_LEVEL_LABELS[l]}
              </option>
            ))}
          </Select>
        </FieldLabel>
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

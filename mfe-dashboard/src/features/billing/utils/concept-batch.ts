import {
  createConceptBatchSchema,
  type ConceptType,
  type CreateConceptBatch,
} from '@cuota/contracts/billing/concepts';
import type { EducationLevel } from '@cuota/contracts/enrolment/entities';
import { parseMoney } from '@cuota/ui/money';

/**
 * «Crear en lote»: one-time charges typed one per line, «Nombre; precio en pesos», sharing a
 * type, a level and a due date (uniforms, books, events: what a school adds many of at once).
 */
export interface BatchDraft {
  lines: string;
  concept_type: ConceptType;
  level: EducationLevel | '';
  due_on: string;
  /** The cycle the batch belongs to ('' none); the form resolves "not chosen" to the active one. */
  cycle_id: string;
}

export const EMPTY_BATCH: BatchDraft = {
  lines: '',
  concept_type: 'UNIFORMS_AND_MERCH',
  level: '',
  due_on: '',
  cycle_id: '',
};

const lineOf = (index: number) => `Línea ${index + 1}`;

/** A problem the API names by path (`concepts.2.price_centavos`), said by the line typed. */
export function lineProblem({ path, message }: { path: string; message: string }): string {
  const match = /^concepts\.(\d+)\./.exec(path);
  // The service's own checks already say «Concepto N: …»; the form speaks of lines.
  const text = message.replace(/^Concepto \d+: /, '');
  return match ? `${lineOf(Number(match[1]))}: ${text}` : text;
}

/** The batch body, or each line's problem in Spanish (nothing is sent while there is one). */
export function toConceptBatch(
  draft: BatchDraft,
): { batch: CreateConceptBatch } | { problems: string[] } {
  const typed = draft.lines.split('\n').map((l) => l.trim());
  const problems: string[] = [];
  const concepts = typed.flatMap((line, i) => {
    if (line === '') return [];
    const [name = '', price = '', ...rest] = line.split(';').map((p) => p.trim());
    const centavos = parseMoney(price);
    if (rest.length > 0 || centavos === null) {
      problems.push(`${lineOf(i)}: escribe «nombre; precio», por ejemplo «Uniforme; 850.00».`);
      return [];
    }
    return [{ i, concept: { name, price_centavos: centavos } }];
  });
  if (problems.length > 0) return { problems };
  const parsed = createConceptBatchSchema.safeParse({
    concepts: concepts.map(({ concept }) => ({
      ...concept,
      concept_type: draft.concept_type,
      level: draft.level || null,
      recurrence: 'SINGLE',
      due_on: draft.due_on,
      cycle_id: draft.cycle_id || null,
    })),
  });
  if (parsed.success) return { batch: parsed.data };
  return {
    problems: [
      ...new Set(
        parsed.error.issues.map((issue) => {
          const [, index] = issue.path;
          const line = typeof index === 'number' ? concepts[index]?.i : undefined;
          return line === undefined ? issue.message : `${lineOf(line)}: ${issue.message}`;
        }),
      ),
    ],
  };
}

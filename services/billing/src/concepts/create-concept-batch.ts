import type { Concept, CreateConceptBatch } from '@cuota/contracts/billing/concepts';
import type { Executor } from '@cuota/messaging/transaction';
import { HttpError } from '@cuota/service-runtime/http/http-error';
import { conceptsOfSchool } from './concept-repository';
import { createConcept } from './create-concept';

const keyOf = (c: { name: string; cycle_id: string | null }) =>
  `${c.cycle_id ?? ''}|${c.name.trim().toLocaleLowerCase('es-MX')}`;

/**
 * Why each item of a batch cannot be created, by position: a name repeated in the batch or
 * already used in the school for the same cycle (a batch re-sent without its Idempotency-Key
 * would otherwise double every concept).
 */
function batchProblems(batch: CreateConceptBatch, existing: Concept[]) {
  const taken = new Set(existing.map(keyOf));
  const seen = new Set<string>();
  return batch.concepts.flatMap((c, i) => {
    const key = keyOf(c);
    const where = `Concepto ${i + 1}`;
    const problem = taken.has(key)
      ? `${where}: ya existe un concepto «${c.name}» en la escuela para este ciclo.`
      : seen.has(key)
        ? `${where}: el nombre «${c.name}» se repite en el lote.`
        : null;
    seen.add(key);
    return problem ? [{ path: `concepts.${i}.name`, message: problem }] : [];
  });
}

/** POST …/schools/{id}/concepts/batch/: every concept, in the batch's order, or none (400). */
export async function createConceptBatch(
  tx: Executor,
  schoolId: string,
  batch: CreateConceptBatch,
): Promise<Concept[]> {
  const existing = await conceptsOfSchool(tx, schoolId, { includeHidden: true });
  const problems = batchProblems(batch, existing);
  if (problems.length > 0)
    throw new HttpError(
      400,
      'VALIDATION_FAILED',
      'Revisa los conceptos marcados: no se creó ninguno.',
      problems,
    );
  const created: Concept[] = [];
  for (const c of batch.concepts)
    created.push(await createConcept(tx, { ...c, school_id: schoolId }));
  return created;
}

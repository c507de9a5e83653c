import {
  autoAssignConcept as autoAssignConceptEndpoint,
  createConceptBatch as createConceptBatchEndpoint,
  listRootConcepts,
  createConcept as createConceptEndpoint,
  deleteConcept as deleteConceptEndpoint,
  getConcept,
  listConcepts,
  listSchoolConcepts,
  patchConcept,
  replaceConcept,
} from '@cuota/contracts/billing/endpoints/concepts';
import { internalConcepts } from '@cuota/contracts/billing/endpoints/internal-reads';
import type { ConceptQuery, SchoolConceptQuery } from '@cuota/contracts/billing/concepts';
import { notFound } from '@cuota/service-runtime/http/http-error';
import { implement, type Call } from '@cuota/service-runtime/http/endpoint-handlers';
import type { BillingContext, BillingDb } from '../billing-db';
import { autoAssignConcept } from './auto-assign';
import { createConceptBatch } from './create-concept-batch';
import { createConcept } from './create-concept';
import { deleteConcept } from './delete-concept';
import { updateConcept } from './update-concept';
import {
  conceptById,
  conceptsOfSchool,
  toConcept,
  UNKNOWN_CONCEPT,
  type ConceptFilter,
} from './concept-repository';

/** A list's query as the repository's filter (`active` arrives as text). */
const filterOf = (q: SchoolConceptQuery): ConceptFilter => ({
  conceptType: q.concept_type,
  active: q.active === undefined ? undefined : q.active === 'true',
  visibility: q.visibility,
  cycleId: q.cycle_id,
});

/** The concept, once the caller is shown to be staff of its school (else a 404). */
async function conceptOfCaller(
  db: BillingDb,
  call: Pick<Call<typeof getConcept>, 'params' | 'requireStaffOf'>,
) {
  const found = await conceptById(db, call.params.id);
  call.requireStaffOf(found.row.schoolId);
  return found;
}

export function conceptHandlers({ db, today }: BillingContext) {
  const update = async (call: Call<typeof replaceConcept | typeof patchConcept>) => {
    const { row } = await conceptOfCaller(db, call);
    return db.transaction((tx) => updateConcept(tx, row, call.body));
  };
  /** The dashboard's and the internal list: the school named in `school_id`. */
  const byQuery = ({ query }: { query: ConceptQuery }) =>
    conceptsOfSchool(db, query.school_id, filterOf(query));
  return [
    implement(listConcepts, byQuery),
    implement(internalConcepts, byQuery),
    implement(listSchoolConcepts, ({ params, query }) =>
      conceptsOfSchool(db, params.id, filterOf(query)),
    ),
    // Root concepts: the school's, in no cycle (ADR 0035).
    implement(listRootConcepts, ({ params, query }) =>
      conceptsOfSchool(db, params.id, { ...filterOf(query), cycleId: null }),
    ),
    implement(createConceptBatchEndpoint, ({ params, body, once }) =>
      once((tx) => createConceptBatch(tx, params.id, body)),
    ),
    implement(autoAssignConceptEndpoint, ({ params, body }) =>
      db.transaction(async (tx) => {
        const { row } = await conceptById(tx, params.concept, { lock: true });
        if (row.schoolId !== params.id) throw notFound(UNKNOWN_CONCEPT);
        return autoAssignConcept(tx, row, body, today());
      }),
    ),
    implement(createConceptEndpoint, ({ body, once }) => once((tx) => createConcept(tx, body))),
    implement(getConcept, async (call) => toConcept(await conceptOfCaller(db, call))),
    implement(replaceConcept, update),
    implement(patchConcept, update),
    implement(deleteConceptEndpoint, async (call) => {
      await conceptOfCaller(db, call);
      await db.transaction((tx) => deleteConcept(tx, call.params.id));
    }),
  ];
}

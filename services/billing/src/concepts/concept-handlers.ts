import {
  createConcept as createConceptEndpoint,
  deleteConcept as deleteConceptEndpoint,
  getConcept,
  listConcepts,
  listSchoolConcepts,
  patchConcept,
  replaceConcept,
} from '@cuota/contracts/billing/endpoints/concepts';
import { internalConcepts } from '@cuota/contracts/billing/endpoints/internal-reads';
import type { ConceptQuery } from '@cuota/contracts/billing/concepts';
import { implement, type Call } from '@cuota/service-runtime/http/endpoint-handlers';
import type { BillingDb } from '../billing-db';
import { createConcept } from './create-concept';
import { deleteConcept } from './delete-concept';
import { updateConcept } from './update-concept';
import { conceptById, conceptsOfSchool, toConcept } from './concept-repository';

/** The concept, once the caller is shown to be staff of its school (else a 404). */
async function conceptOfCaller(
  db: BillingDb,
  call: Pick<Call<typeof getConcept>, 'params' | 'requireStaffOf'>,
) {
  const found = await conceptById(db, call.params.id);
  call.requireStaffOf(found.row.schoolId);
  return found;
}

export function conceptHandlers(db: BillingDb) {
  const update = async (call: Call<typeof replaceConcept | typeof patchConcept>) => {
    const { row } = await conceptOfCaller(db, call);
    return db.transaction((tx) => updateConcept(tx, row, call.body));
  };
  /** The dashboard's and the internal list: the school named in `school_id`. */
  const byQuery = ({ query }: { query: ConceptQuery }) =>
    conceptsOfSchool(db, query.school_id, {
      conceptType: query.concept_type,
      active: query.active === undefined ? undefined : query.active === 'true',
    });
  return [
    implement(listConcepts, byQuery),
    implement(internalConcepts, byQuery),
    implement(listSchoolConcepts, ({ params }) => conceptsOfSchool(db, params.id)),
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

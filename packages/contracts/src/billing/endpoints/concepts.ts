import { staffOnly } from '@cuota/contracts/access/access';
import { defineEndpoint, uuidParams } from '@cuota/contracts/http/endpoint';
import {
  autoAssignConceptSchema,
  autoAssignedConceptSchema,
  createConceptBatchSchema,
  schoolConceptQuerySchema,
  conceptListSchema,
  conceptQuerySchema,
  conceptSchema,
  createConceptSchema,
  updateConceptSchema,
} from '@cuota/contracts/billing/concepts';

const UNKNOWN_CONCEPT = 'No encontramos este concepto.';
const concept = { domain: 'billing', surface: 'dashboard', spec: 'spec' } as const;

export const listConcepts = defineEndpoint({
  ...concept,
  name: 'billing.concepts.list',
  method: 'GET',
  path: '/api/v1/dashboard/concepts/',
  access: staffOnly('billing.read'),
  summary: 'Conceptos de cobro de una escuela',
  query: conceptQuerySchema,
  response: conceptListSchema,
});

export const createConcept = defineEndpoint({
  ...concept,
  name: 'billing.concepts.create',
  method: 'POST',
  path: '/api/v1/dashboard/concepts/',
  access: staffOnly('concepts.write'),
  summary: 'Crear un concepto: colegiatura mensual o cargo único, con recargo por atraso',
  body: createConceptSchema,
  response: conceptSchema,
  status: 201,
  idempotencyKey: 'optional',
});

export const getConcept = defineEndpoint({
  ...concept,
  name: 'billing.concepts.get',
  method: 'GET',
  path: '/api/v1/dashboard/concepts/{id}/',
  access: staffOnly('billing.read'),
  summary: 'Un concepto de cobro',
  params: uuidParams('id'),
  response: conceptSchema,
  notFound: UNKNOWN_CONCEPT,
});

export const replaceConcept = defineEndpoint({
  ...concept,
  name: 'billing.concepts.replace',
  method: 'PUT',
  path: '/api/v1/dashboard/concepts/{id}/',
  access: staffOnly('concepts.write'),
  summary: 'Editar un concepto (las órdenes ya creadas conservan su monto)',
  params: uuidParams('id'),
  body: updateConceptSchema,
  response: conceptSchema,
  notFound: UNKNOWN_CONCEPT,
});

export const deleteConcept = defineEndpoint({
  ...concept,
  name: 'billing.concepts.delete',
  method: 'DELETE',
  path: '/api/v1/dashboard/concepts/{id}/',
  access: staffOnly('concepts.write'),
  summary: 'Eliminar un concepto que aún no tiene órdenes',
  params: uuidParams('id'),
  status: 204,
  produces: 'none',
  notFound: UNKNOWN_CONCEPT,
});

export const patchConcept = defineEndpoint({
  ...concept,
  name: 'billing.concepts.patch',
  method: 'PATCH',
  path: '/book-keeper/concepts/{id}/',
  surface: 'bookkeeper',
  access: staffOnly('concepts.write'),
  summary: 'Cambiar nombre, precio, recargo o vigencia de un concepto',
  params: uuidParams('id'),
  body: updateConceptSchema,
  response: conceptSchema,
  notFound: UNKNOWN_CONCEPT,
});

export const listSchoolConcepts = defineEndpoint({
  ...concept,
  name: 'billing.concepts.list-by-school',
  method: 'GET',
  path: '/api/v1/dashboard/schools/{id}/concepts/',
  access: staffOnly('billing.read'),
  summary: 'Conceptos de cobro de la escuela',
  params: uuidParams('id'),
  query: schoolConceptQuerySchema,
  response: conceptListSchema,
});

export const createConceptBatch = defineEndpoint({
  ...concept,
  name: 'billing.concepts.batch',
  method: 'POST',
  path: '/api/v1/dashboard/schools/{id}/concepts/batch/',
  access: staffOnly('concepts.write'),
  summary: 'Crear conceptos en lote: todos o ninguno',
  params: uuidParams('id'),
  body: createConceptBatchSchema,
  response: conceptListSchema,
  status: 201,
  idempotencyKey: 'optional',
});

export const listRootConcepts = defineEndpoint({
  ...concept,
  name: 'billing.concepts.roots',
  method: 'GET',
  path: '/api/v1/dashboard/schools/{id}/root_concepts/',
  access: staffOnly('billing.read'),
  summary: 'Conceptos raíz de la escuela: los que no pertenecen a un ciclo',
  params: uuidParams('id'),
  query: schoolConceptQuerySchema.omit({ cycle_id: true }),
  response: conceptListSchema,
});

export const autoAssignConcept = defineEndpoint({
  ...concept,
  name: 'billing.concepts.auto-assign',
  method: 'POST',
  path: '/api/v1/dashboard/schools/{id}/concepts/{concept}/auto-assign/',
  access: staffOnly('concepts.write'),
  summary: 'Asignar un concepto automáticamente a los alumnos que entren a su nivel',
  params: uuidParams('id', 'concept'),
  body: autoAssignConceptSchema,
  response: autoAssignedConceptSchema,
  notFound: UNKNOWN_CONCEPT,
});

export const CONCEPT_ENDPOINTS = [
  listConcepts,
  createConcept,
  getConcept,
  replaceConcept,
  deleteConcept,
  patchConcept,
  listSchoolConcepts,
  createConceptBatch,
  listRootConcepts,
  autoAssignConcept,
] as const;

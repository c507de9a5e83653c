import { staffOnly } from '../../access/access';
import { defineEndpoint, uuidParams } from '../../http/endpoint';
import {
  conceptListSchema,
  conceptQuerySchema,
  conceptSchema,
  createConceptSchema,
  updateConceptSchema,
} from '../concepts';

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
  response: conceptListSchema,
});

export const CONCEPT_ENDPOINTS = [
  listConcepts,
  createConcept,
  getConcept,
  replaceConcept,
  deleteConcept,
  patchConcept,
  listSchoolConcepts,
] as const;

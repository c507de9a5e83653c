import { familyOrStaff, staffOnly } from '@cuota/contracts/access/access';
import { defineEndpoint, uuidParams } from '@cuota/contracts/http/endpoint';
import {
  createCycleSchema,
  cycleActivationCheckSchema,
  cycleActivationSchema,
  cycleAssignedConceptsSchema,
  cycleListQuerySchema,
  schoolCycleListSchema,
  schoolCycleSchema,
} from '../cycles';
import { UNKNOWN_SCHOOL } from '@cuota/contracts/enrolment/endpoints/schools';
import { INICIO_READ_PATHS } from '@cuota/contracts/http/inicio-read-paths';

export const UNKNOWN_CYCLE = 'No encontramos este ciclo escolar.';
const DASHBOARD = INICIO_READ_PATHS.cycles;
const AC = '/academic-coordinator/school_cycles/';
const cycle = { domain: 'enrolment', surface: 'dashboard', spec: 'spec' } as const;

export const listCycles = defineEndpoint({
  ...cycle,
  name: 'enrolment.cycles.list',
  method: 'GET',
  path: DASHBOARD,
  access: staffOnly('school.read'),
  summary: 'Ciclos escolares de la escuela, el más reciente primero',
  params: uuidParams('id'),
  response: schoolCycleListSchema,
  notFound: UNKNOWN_SCHOOL,
});

export const createCycle = defineEndpoint({
  ...cycle,
  name: 'enrolment.cycles.create',
  method: 'POST',
  path: DASHBOARD,
  access: staffOnly('cycles.write'),
  summary: 'Preparar un ciclo escolar nuevo (queda en borrador)',
  spec: {
    capability:
      'Crear un ciclo: el grupo de la especificación solo nombra GET, activate y validate_activate.',
  },
  params: uuidParams('id'),
  body: createCycleSchema,
  response: schoolCycleSchema,
  status: 201,
  notFound: UNKNOWN_SCHOOL,
  idempotencyKey: 'optional',
});

export const checkCycleActivation = defineEndpoint({
  ...cycle,
  name: 'enrolment.cycles.validate-activate',
  method: 'GET',
  path: `${DASHBOARD}{cycle}/validate_activate/`,
  access: staffOnly('school.read'),
  summary: 'Si el ciclo puede activarse y, si no, por qué',
  params: uuidParams('id', 'cycle'),
  response: cycleActivationCheckSchema,
  notFound: UNKNOWN_CYCLE,
});

export const activateCycle = defineEndpoint({
  ...cycle,
  name: 'enrolment.cycles.activate',
  method: 'POST',
  path: `${DASHBOARD}{cycle}/activate/`,
  access: staffOnly('cycles.write'),
  summary: 'Activar el ciclo; el ciclo activo anterior se cierra en el mismo paso',
  params: uuidParams('id', 'cycle'),
  response: cycleActivationSchema,
  notFound: UNKNOWN_CYCLE,
});

/** A malformed or foreign `school_id` is a school that cannot exist for the caller: 404. */
export const listSchoolCycles = defineEndpoint({
  ...cycle,
  name: 'enrolment.cycles.list-by-school',
  method: 'GET',
  path: AC,
  access: staffOnly('school.read'),
  summary: 'Ciclos escolares de una escuela',
  query: cycleListQuerySchema,
  response: schoolCycleListSchema,
  notFound: UNKNOWN_SCHOOL,
});

export const getSchoolCycle = defineEndpoint({
  ...cycle,
  name: 'enrolment.cycles.get',
  method: 'GET',
  path: `${AC}{id}/`,
  access: staffOnly('school.read'),
  summary: 'Un ciclo escolar',
  params: uuidParams('id'),
  response: schoolCycleSchema,
  notFound: UNKNOWN_CYCLE,
});

/** Billing owns concepts: enrolment asks it over NATS (503 in Spanish when it cannot tell). */
export const cycleHasAssignedConcepts = defineEndpoint({
  ...cycle,
  name: 'enrolment.cycles.has-assigned-concepts',
  method: 'GET',
  path: `${AC}{id}/has_assigned_concepts/`,
  access: staffOnly('school.read'),
  summary: 'Si el ciclo tiene conceptos de cobro asignados (lo responde cobranza)',
  params: uuidParams('id'),
  response: cycleAssignedConceptsSchema,
  notFound: UNKNOWN_CYCLE,
});

/** The families of the school (a dependent there) and its staff. */
export const getPortalCycle = defineEndpoint({
  ...cycle,
  name: 'enrolment.cycles.get-portal',
  method: 'GET',
  path: '/api/v2/schools/school_cycle/{id}/',
  surface: 'portal',
  access: familyOrStaff('school.read'),
  summary: 'Nombre, fechas y estado de un ciclo escolar',
  params: uuidParams('id'),
  response: schoolCycleSchema,
  notFound: UNKNOWN_CYCLE,
});

export const CYCLE_ENDPOINTS = [
  listCycles,
  createCycle,
  checkCycleActivation,
  activateCycle,
  listSchoolCycles,
  getSchoolCycle,
  cycleHasAssignedConcepts,
  getPortalCycle,
] as const;

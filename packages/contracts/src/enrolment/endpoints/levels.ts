import { publicOrMembers, staffOnly } from '@cuota/contracts/access/access';
import { defineEndpoint, uuidParams } from '@cuota/contracts/http/endpoint';
import {
  createLevelSchema,
  levelOptionsSchema,
  levelsWithSectionsSchema,
  staffLevelSchema,
  updateLevelSchema,
} from '../levels';

const UNKNOWN_LEVEL = 'No encontramos este nivel.';

/**
 * The level picker (store, portal): the school's staff and families, and anyone while the
 * school is operating; inactive levels are left out.
 */
export const listSchoolLevels = defineEndpoint({
  name: 'enrolment.levels.list',
  method: 'GET',
  path: '/api/v1/schools/{id}/levels/',
  domain: 'enrolment',
  surface: 'store',
  access: publicOrMembers('school.read'),
  summary: 'Niveles que ofrece la escuela, con sus grados',
  spec: 'spec',
  params: uuidParams('id'),
  response: levelOptionsSchema,
});

export const offerLevel = defineEndpoint({
  name: 'enrolment.levels.create',
  method: 'POST',
  path: '/api/v1/schools/{id}/levels/',
  domain: 'enrolment',
  surface: 'dashboard',
  access: staffOnly('levels.write'),
  summary: 'La escuela empieza a ofrecer un nivel',
  spec: 'spec',
  params: uuidParams('id'),
  body: createLevelSchema,
  response: staffLevelSchema,
  status: 201,
  idempotencyKey: 'optional',
});

export const updateLevel = defineEndpoint({
  name: 'enrolment.levels.update',
  method: 'PATCH',
  path: '/api/v1/schools/{id}/levels/{level}/',
  domain: 'enrolment',
  surface: 'dashboard',
  access: staffOnly('levels.write'),
  summary: 'Renombrar, mover o (des)activar un nivel',
  spec: { capability: 'Editar un nivel: la especificación solo nombra GET y POST de /levels/.' },
  params: uuidParams('id', 'level'),
  body: updateLevelSchema,
  response: staffLevelSchema,
  notFound: UNKNOWN_LEVEL,
});

export const deleteLevel = defineEndpoint({
  name: 'enrolment.levels.delete',
  method: 'DELETE',
  path: '/api/v1/schools/{id}/levels/{level}/',
  domain: 'enrolment',
  surface: 'dashboard',
  access: staffOnly('levels.write'),
  summary: 'Dejar de ofrecer un nivel sin alumnos',
  spec: { capability: 'Quitar un nivel: la especificación solo nombra GET y POST de /levels/.' },
  params: uuidParams('id', 'level'),
  status: 204,
  produces: 'none',
  notFound: UNKNOWN_LEVEL,
});

export const listStaffLevels = defineEndpoint({
  name: 'enrolment.levels.list-with-sections',
  method: 'GET',
  path: '/api/v1/dashboard/schools/{id}/levels/',
  domain: 'enrolment',
  surface: 'dashboard',
  access: staffOnly('school.read'),
  summary: 'Niveles de la escuela con sus grupos y alumnos por grupo',
  spec: 'spec',
  params: uuidParams('id'),
  response: levelsWithSectionsSchema,
});

export const LEVEL_ENDPOINTS = [
  listSchoolLevels,
  offerLevel,
  updateLevel,
  deleteLevel,
  listStaffLevels,
] as const;
